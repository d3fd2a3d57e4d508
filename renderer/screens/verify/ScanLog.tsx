// This verification's scans, newest first: the code, how it was entered, and what it did (counted, stopped and why,
// not recognised, taken back). What the audit record will hold, shown before it is written.
import { REASON_LABELS } from '../../../rules/verification/discrepancy.ts';
import type { RunScan } from '../../../rules/verification/run.ts';
import { STOP_TITLES } from '../../../rules/verification/verdict.ts';
import { verifyWords } from './wording.ts';

const SHOWN = 12;

function resultWords(scan: RunScan): string {
  switch (scan.result) {
    case 'counted':
      return 'Counted';
    case 'undone':
      return 'Taken back';
    case 'unrecognised':
      return 'Not recognised';
    case 'stopped':
      return scan.stop ? `Stopped: ${STOP_TITLES[scan.stop.kind]}` : 'Stopped';
  }
}

export function ScanLog({ scans }: { scans: RunScan[] }) {
  if (scans.length === 0) return null;
  const newest = [...scans].reverse().slice(0, SHOWN);
  return (
    <section className="verify-log" aria-labelledby="verify-log-title">
      <h3 id="verify-log-title">{verifyWords.log.scans(scans.length)}</h3>
      <ol className="verify-log-list">
        {newest.map((scan) => (
          <li key={scan.seq} className={`verify-log-item verify-log-${scan.result}`}>
            <span className="verify-log-result">{resultWords(scan)}</span>
            <code className="verify-log-code">{scan.code}</code>
            <span className="verify-log-how">
              {scan.quantity > 1 ? `× ${scan.quantity}, ` : ''}
              {scan.entry === 'scanner' ? 'scanned' : 'typed'}
            </span>
            <span className="verify-log-message">
              {scan.message}
              {scan.stop ? ` Reason: ${REASON_LABELS[scan.stop.reason]} — ${scan.stop.note}` : ''}
            </span>
          </li>
        ))}
      </ol>
      {scans.length > SHOWN ? <p className="muted">{verifyWords.log.latest(SHOWN)}</p> : null}
    </section>
  );
}
