// One order's final check: while open, the panel claims the scan field; the first scan is the stock bottle, the second
// the label, and both raw texts go to main (finalCheck:scan), which compares them with what it read and records the
// check. The panel shows main's answer: passed (the label released as final) or a hard stop naming what did not match.
import { useState } from 'react';
import type { FinalCheckQueueEntry } from '../../../contract/ipc/final-check-channels.ts';
import { useFinalCheckScan } from '../../queries/final-check.ts';
import { messageOf } from '../../queries/station.ts';
import { useClaimScans } from '../../scan/scan-target-store.ts';
import { finalCheckWords as words } from './wording.ts';

export function FinalCheckPanel({ entry, onClose }: { entry: FinalCheckQueueEntry; onClose: () => void }) {
  const order = entry.orderNumber ?? entry.orderId;
  const [bottle, setBottle] = useState<string | null>(null);
  const check = useFinalCheckScan();
  // After main's answer (or none yet), the next scan is a stock bottle again.
  const wantsBottle = bottle === null || Boolean(check.data || check.error);
  const onScan = (code: string) => {
    if (check.isPending) return;
    if (wantsBottle || bottle === null) {
      check.reset();
      setBottle(code);
      return;
    }
    check.mutate({ orderId: entry.orderId, productCode: bottle, labelCode: code });
  };
  useClaimScans(onScan, wantsBottle ? words.scanBottle(order) : words.scanLabel(order));
  const outcome = check.data;
  const failure = check.error ? messageOf(check.error) : null;
  return (
    <section className="card final-check-panel" aria-labelledby="final-check-order">
      <header className="final-check-head">
        <h2 id="final-check-order">{words.checkTitle(order)}</h2>
        <button type="button" className="button" onClick={onClose}>
          {words.close}
        </button>
      </header>
      <ol className="final-check-steps">
        <li className={wantsBottle ? 'final-check-step-now' : 'final-check-step-done'}>
          {words.stepBottle} {wantsBottle ? null : <strong>{words.bottleRead}</strong>}
        </li>
        <li className={wantsBottle ? undefined : 'final-check-step-now'}>{words.stepLabel}</li>
      </ol>
      {check.isPending ? <p className="muted">{words.checking}</p> : null}
      {outcome?.outcome === 'passed' ? (
        <div className="notice notice-good" role="status" aria-label={words.passed}>
          {outcome.message}
        </div>
      ) : null}
      {outcome?.outcome === 'stopped' ? (
        <div className="notice notice-bad final-check-stop" role="alert" aria-label={words.stopped}>
          <strong>{words.stopped}</strong> {outcome.message}
        </div>
      ) : null}
      {failure ? (
        <div className="notice notice-bad" role="alert">
          {failure}
        </div>
      ) : null}
    </section>
  );
}
