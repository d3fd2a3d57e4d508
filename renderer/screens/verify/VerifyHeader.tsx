// Whose order this is before anything is counted: patient, age and date of birth, order number, the Rx numbers, and
// how many lines are controlled substances.

import { orderStatusName } from '../../../contract/service/order-status.ts';
import type { VerifyLine } from '../../../rules/verification/lines.ts';
import { patientFacts } from '../../format/patient-facts.ts';
import { formatDay } from '../../format/service-values.ts';
import type { OrderView } from '../../queries/orders.ts';
import { verifyWords } from './wording.ts';

const words = verifyWords.header;

export function VerifyHeader({
  order,
  lines,
  rxNumbers,
  progress,
}: {
  order: OrderView;
  lines: readonly VerifyLine[];
  rxNumbers: readonly string[];
  progress: string;
}) {
  const patient = patientFacts(order.patient, new Date());
  const born = formatDay(order.patient?.date_of_birth ?? null);
  const controlled = lines.filter((line) => line.controlled).length;
  return (
    <div>
      <h1 id="verify-title">
        {verifyWords.title} <span className="verify-order-number">{order.order_number ?? order.id}</span>
      </h1>
      <dl className="verify-who" aria-label={words.whose}>
        <div>
          <dt>{words.patient}</dt>
          <dd className="verify-patient">{patient.name}</dd>
        </div>
        <div>
          <dt>{words.age}</dt>
          <dd>{patient.age !== null ? words.years(patient.age) : words.notOnFile}</dd>
        </div>
        <div>
          <dt>{words.born}</dt>
          <dd>{born ?? words.notOnFile}</dd>
        </div>
        <div>
          <dt>{words.rx}</dt>
          <dd>{rxNumbers.length > 0 ? rxNumbers.join(', ') : words.noRx}</dd>
        </div>
        {controlled > 0 ? (
          <div>
            <dt>{words.controlled}</dt>
            <dd>
              <span className="verify-controlled">{words.controlledLines(controlled)}</span>
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="muted">
        {progress}
        {orderStatusName(order) ? ` · order status: ${orderStatusName(order)}` : ''}
      </p>
    </div>
  );
}

/** The badge on a controlled line: words, a mark, and the schedule when the catalogue says it. */
export function ControlledBadge({ schedule }: { schedule: string | null }) {
  return (
    <span className="verify-controlled">
      <span aria-hidden="true">⚠ </span>
      {words.controlled}
      {schedule ? words.schedule(schedule) : ''}
    </span>
  );
}
