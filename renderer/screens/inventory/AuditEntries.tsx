// The audit entries of a lot's quantity changes made at this station, newest first, from the station's own audit log:
// main records each adjustment when the service confirms it, so they last across sign-outs and restarts. The service
// keeps its own log of every change too but has no operation to read it back, so changes made elsewhere are not here.

import { formatMoment } from '../../format/record-values.ts';
import { type ShownAdjustment, useLotAdjustments } from '../../queries/inventory.ts';
import { messageOf } from '../../queries/station.ts';
import { formatChange, formatQuantity } from './lot-format.ts';
import { lotWords } from './wording.ts';

const words = lotWords.audit;

function Entry({ entry, unit }: { entry: ShownAdjustment; unit: string | null | undefined }) {
  return (
    <li className="audit-entry">
      <div className="audit-line">
        <strong className={entry.change < 0 ? 'audit-down' : 'audit-up'}>{formatChange(entry.change)}</strong>
        <span className="audit-quantities">
          {formatQuantity(entry.quantityBefore, unit)} → {formatQuantity(entry.quantityAfter, unit)}
        </span>
        <span className="muted">
          {entry.user.name ?? entry.user.email} · {formatMoment(entry.recordedAt)}
        </span>
      </div>
      <p className="audit-reason">
        <span className="muted">{words.reason}</span>
        {entry.reason}
      </p>
    </li>
  );
}

function Entries({ lotId, unit }: { lotId: string; unit: string | null | undefined }) {
  const entries = useLotAdjustments(lotId);
  if (entries.isPending) return <p className="muted">{words.reading}</p>;
  if (entries.isError) {
    return (
      <p className="notice notice-bad" role="alert">
        {words.notRead}
        {messageOf(entries.error)}
      </p>
    );
  }
  if (entries.data.length === 0) return <p className="muted">{words.none}</p>;
  return (
    <ol className="audit-list" aria-label={words.list}>
      {entries.data.map((entry) => (
        <Entry key={entry.id} entry={entry} unit={unit} />
      ))}
    </ol>
  );
}

export function AuditEntries({ lotId, unit }: { lotId: string; unit: string | null | undefined }) {
  return (
    <section className="lot-audit" aria-labelledby="lot-audit-title">
      <h3 id="lot-audit-title">{words.title}</h3>
      <p className="muted lot-audit-note">{words.note}</p>
      <Entries lotId={lotId} unit={unit} />
    </section>
  );
}
