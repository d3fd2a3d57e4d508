// The scan station (home): one field that keeps the focus, resolves what was scanned or typed, and shows the result.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useOrder } from '../../queries/orders.ts';
import { messageOf, StationCallError } from '../../queries/station.ts';
import { useScanStore } from '../../state/scan.ts';
import { OrderSummary } from './OrderSummary.tsx';

/** Long enough for a click on another control to land, short enough that the next scan is never lost. */
const REFOCUS_DELAY_MS = 250;

function otherFieldHasFocus(field: HTMLInputElement): boolean {
  const active = document.activeElement;
  if (!active || active === field) return false;
  return (
    active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement || active instanceof HTMLSelectElement
  );
}

export function ScanStation() {
  const [text, setText] = useState('');
  const fieldRef = useRef<HTMLInputElement>(null);
  const { code, sequence, scan, clear } = useScanStore();
  const order = useOrder(code);

  useEffect(() => {
    fieldRef.current?.focus();
    // Leaving the station (sign-out, lock) forgets the last scan: the next person starts from an empty screen.
    return clear;
  }, [clear]);

  function keepFocus() {
    setTimeout(() => {
      const field = fieldRef.current;
      if (field && !otherFieldHasFocus(field)) field.focus();
    }, REFOCUS_DELAY_MS);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const scanned = text.trim();
    setText('');
    if (scanned) scan(scanned);
  }

  const notFound = order.error instanceof StationCallError && order.error.notFound;
  const outcome = code === null || order.isFetching ? 'idle' : order.isSuccess ? 'good' : 'bad';

  return (
    <main className="scan-station">
      <form onSubmit={submit} className={`scan-form scan-${outcome}`} aria-label="Scan">
        <label id="scan-label" htmlFor="scan-field" className="scan-label">
          Scan or type an order number, order id or external id, then press Enter
        </label>
        <input
          id="scan-field"
          ref={fieldRef}
          className="scan-field"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={keepFocus}
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
        />
      </form>

      <section className="scan-result" aria-live="polite" key={sequence}>
        {code === null ? <p className="muted">Waiting for a scan.</p> : null}
        {code !== null && order.isFetching ? <p className="muted">Looking up {code}…</p> : null}
        {code !== null && !order.isFetching && order.isSuccess ? <OrderSummary order={order.data} /> : null}
        {code !== null && !order.isFetching && order.isError ? (
          <div className="notice notice-bad scan-message" role="alert">
            {notFound ? (
              <>
                No order found for <strong className="scanned-code">{code}</strong>. Check the label and scan again.
              </>
            ) : (
              <>
                Could not look up <strong className="scanned-code">{code}</strong>: {messageOf(order.error)}
              </>
            )}
          </div>
        ) : null}
      </section>
    </main>
  );
}
