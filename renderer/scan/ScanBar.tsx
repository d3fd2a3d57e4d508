// The scan field, on every signed-in screen: a claimed scan goes to the open screen, any other opens what it names.
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { navigate } from '../state/navigation.ts';
import { useScanStore } from '../state/scan.ts';
import { focusScanField, SCAN_FIELD_ID } from './focus.ts';
import { resolveScan } from './resolve-scan.ts';
import { useScanTarget } from './scan-target.ts';

/** Long enough for a click on another control to land, short enough that the next scan is never lost. */
const REFOCUS_DELAY_MS = 250;

export function ScanBar() {
  const [text, setText] = useState('');
  const fieldRef = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const { outcome, started, finished, clear } = useScanStore();
  const claimedLabel = useScanTarget((state) => state.label);

  useEffect(() => {
    fieldRef.current?.focus();
    // Leaving the station (sign-out, lock) forgets the last scan: the next person starts from an empty screen.
    return clear;
  }, [clear]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const code = text.trim();
    setText('');
    if (!code) return;
    const claimed = useScanTarget.getState().handler;
    if (claimed) {
      claimed(code);
      return;
    }
    const sequence = started(code);
    const resolution = await resolveScan(code, queryClient);
    if (resolution.kind === 'order') {
      finished(sequence, 'good', null);
      navigate({ screen: 'order', orderId: resolution.orderId });
    } else {
      finished(sequence, 'bad', resolution.message);
      navigate({ screen: 'scan' });
    }
  }

  return (
    <form onSubmit={submit} className={`scan-form scan-${outcome}`} aria-label="Scan">
      <label id="scan-label" htmlFor={SCAN_FIELD_ID} className="scan-label">
        {claimedLabel ?? 'Scan or type an order number, order id or external id, then press Enter'}
      </label>
      <input
        id={SCAN_FIELD_ID}
        ref={fieldRef}
        className="scan-field"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => setTimeout(() => focusScanField(), REFOCUS_DELAY_MS)}
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
      />
    </form>
  );
}
