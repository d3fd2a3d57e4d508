// The audit entries of a lot's quantity changes, newest first. The service writes each adjustment, with its reason,
// who and when, to its audit log but has no operation to read that log back: so these are the adjustments it
// confirmed to this station since sign-in (its answer: the lot's new quantity and the time it applied the change).
import { type AdjustmentEntry, useLotAdjustments } from '../../queries/inventory.ts';
import { formatMoment } from '../patients/format.ts';
import { formatChange, formatQuantity } from './lot-format.ts';

function Entry({ entry, unit }: { entry: AdjustmentEntry; unit: string | null | undefined }) {
  return (
    <li className="audit-entry">
      <div className="audit-line">
        <strong className={entry.change < 0 ? 'audit-down' : 'audit-up'}>{formatChange(entry.change)}</strong>
        <span className="audit-quantities">
          {formatQuantity(entry.before, unit)} → {formatQuantity(entry.after, unit)}
        </span>
        <span className="muted">
          {entry.by ?? 'You'} · {formatMoment(entry.at)}
        </span>
      </div>
      <p className="audit-reason">
        <span className="muted">Reason: </span>
        {entry.reason}
      </p>
    </li>
  );
}

export function AuditEntries({ lotId, unit }: { lotId: string; unit: string | null | undefined }) {
  const entries = useLotAdjustments(lotId);
  return (
    <section className="lot-audit" aria-labelledby="lot-audit-title">
      <h3 id="lot-audit-title">Audit log</h3>
      <p className="muted lot-audit-note">
        The service keeps every change with its reason but does not let the station read its log back: shown here are
        the changes it confirmed to this station since you signed in.
      </p>
      {entries.length === 0 ? (
        <p className="muted">No adjustment of this lot from this station yet.</p>
      ) : (
        <ol className="audit-list" aria-label="Adjustments of this lot, newest first">
          {entries.map((entry) => (
            <Entry key={entry.key} entry={entry} unit={unit} />
          ))}
        </ol>
      )}
    </section>
  );
}
