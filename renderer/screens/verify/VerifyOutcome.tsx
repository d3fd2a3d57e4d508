// The verification's record once written (who, when, outcome, as main recorded them) and this order's earlier records.
import type { AuditEntry } from '../../../contract/ipc/audit.ts';
import { formatMoment } from '../../format/record-values.ts';
import { useAuditHistory } from '../../queries/audit.ts';
import { runWords, verifyWords } from './wording.ts';

const whoOf = (entry: AuditEntry) => entry.user.name ?? entry.user.email;

function summary(entry: AuditEntry): string {
  const stops = entry.scans.filter((scan) => scan.result === 'stopped').length;
  const short = entry.lines.filter((line) => line.scanned < line.expected).length;
  const parts = [entry.outcome === 'verified' ? 'Verified' : 'Discrepancy'];
  if (short > 0) parts.push(`${short} short line${short === 1 ? '' : 's'}`);
  if (stops > 0) parts.push(`${stops} stop${stops === 1 ? '' : 's'}`);
  return parts.join(', ');
}

export function RecordedBanner({ entry, taskQueued }: { entry: AuditEntry; taskQueued: boolean }) {
  const verified = entry.outcome === 'verified';
  return (
    <div className={`notice verify-recorded ${verified ? 'verify-recorded-good' : 'notice-warn'}`} role="status">
      <strong className="verify-recorded-title">
        <span aria-hidden="true">{verified ? '✓ ' : '! '}</span>
        {verified ? verifyWords.recorded.verified : verifyWords.recorded.discrepancy}
      </strong>{' '}
      {verifyWords.recorded.byOn(whoOf(entry), formatMoment(entry.recordedAt), taskQueued || Boolean(entry.taskRef))}
    </div>
  );
}

/** Main's reason the labels still wait for a pharmacist's final check (tech-check-tech not allowed here). */
export function FinalCheckNeeded({ reason }: { reason: string }) {
  return (
    <div className="notice notice-warn verify-final-check" role="status" aria-label={runWords.finalCheckTitle}>
      <strong>{runWords.finalCheckTitle}</strong> {reason}
    </div>
  );
}

export function EarlierVerifications({ orderId, currentId }: { orderId: string; currentId: string | null }) {
  const history = useAuditHistory(orderId);
  const earlier = (history.data ?? []).filter((entry) => entry.id !== currentId);
  if (earlier.length === 0) return null;
  return (
    <section className="verify-history" aria-labelledby="verify-history-title">
      <h3 id="verify-history-title">{verifyWords.recorded.earlier}</h3>
      <ul className="verify-history-list">
        {earlier.map((entry) => (
          <li key={entry.id}>
            {summary(entry)} — {whoOf(entry)}, {formatMoment(entry.recordedAt)}
          </li>
        ))}
      </ul>
    </section>
  );
}
