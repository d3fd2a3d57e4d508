// The rows of one section of the work queue: each a button (Enter or a click opens it), with the patient, the drug or
// the order's lines, the flags as tags and, for a hold, the decision and its task.
import type { ReactNode } from 'react';
import type { QueueOrder, QueuePrescription } from '../../../contract/ipc/work-queue.ts';
import { formatWhen } from '../../format/when.ts';
import { navigate } from '../../state/navigation-store.ts';
import { flagTags, gateWords, holdWords, patientWords, queueWords } from './wording.ts';

function Tags({ flags, children }: { flags: QueuePrescription['flags']; children?: ReactNode }) {
  return (
    <span className="queue-tags">
      {children}
      {flagTags(flags).map((tag) => (
        <span key={tag.key} className={`pill pill-${tag.tone}`} title={tag.title}>
          {tag.text}
        </span>
      ))}
    </span>
  );
}

function Since({ since, now }: { since: string | null; now: Date }) {
  return since ? <span className="queue-since muted">{formatWhen(since, now)}</span> : null;
}

export function PrescriptionRows({ rows, now }: { rows: QueuePrescription[]; now: Date }) {
  return (
    <ul className="queue-rows">
      {rows.map((row) => (
        <li key={row.prescriptionId}>
          <button
            type="button"
            className="queue-row"
            data-queue-row
            onClick={() =>
              navigate({ screen: 'prescription', prescriptionId: row.prescriptionId, orderId: row.orderId })
            }
          >
            <span className="queue-patient">{patientWords(row.patient)}</span>
            <span className="queue-drug">{row.drug}</span>
            <span className="queue-order muted">{queueWords.order(row.orderNumber ?? row.orderId)}</span>
            <Tags flags={row.flags} />
            <Since since={row.since} now={now} />
            {row.hold ? <span className="queue-hold">{holdWords(row.hold)}</span> : null}
            {row.flags.failedChecks.length > 0 ? (
              <span className="queue-findings">{row.flags.failedChecks.join(' ')}</span>
            ) : null}
          </button>
        </li>
      ))}
    </ul>
  );
}

export function OrderRows({ rows, now }: { rows: QueueOrder[]; now: Date }) {
  return (
    <ul className="queue-rows">
      {rows.map((row) => {
        const gate = gateWords[row.gate];
        return (
          <li key={row.orderId}>
            <button
              type="button"
              className="queue-row"
              data-queue-row
              onClick={() => navigate({ screen: 'verify', orderId: row.orderId })}
            >
              <span className="queue-patient">{patientWords(row.patient)}</span>
              <span className="queue-drug">{row.drugs.join(', ') || queueWords.noLines}</span>
              <span className="queue-order muted">{queueWords.order(row.orderNumber ?? row.orderId)}</span>
              <Tags flags={row.flags}>
                {gate ? (
                  <span className={`pill ${row.gate === 'held' ? 'pill-bad' : 'pill-plain'}`}>{gate}</span>
                ) : null}
              </Tags>
              <Since since={row.since} now={now} />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
