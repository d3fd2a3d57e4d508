// Whose order this is before anything is counted: patient, age and date of birth, order number, the Rx numbers, and
// how many lines are controlled substances.

import type { VerifyLine } from '../../../contract/rules/verification/lines.ts';
import { orderStatusName } from '../../../contract/service/order-status.ts';
import { patientFacts } from '../../format/patient-facts.ts';
import { formatDay } from '../../format/service-values.ts';
import type { OrderView } from '../../queries/orders.ts';

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
        Verify order <span className="verify-order-number">{order.order_number ?? order.id}</span>
      </h1>
      <dl className="verify-who" aria-label="Whose order">
        <div>
          <dt>Patient</dt>
          <dd className="verify-patient">{patient.name}</dd>
        </div>
        <div>
          <dt>Age</dt>
          <dd>{patient.age !== null ? `${patient.age} years` : 'not on file'}</dd>
        </div>
        <div>
          <dt>Date of birth</dt>
          <dd>{born ?? 'not on file'}</dd>
        </div>
        <div>
          <dt>Rx</dt>
          <dd>{rxNumbers.length > 0 ? rxNumbers.join(', ') : 'none on file'}</dd>
        </div>
        {controlled > 0 ? (
          <div>
            <dt>Controlled</dt>
            <dd>
              <span className="verify-controlled">
                {controlled} controlled line{controlled === 1 ? '' : 's'}: a pharmacist confirms the count
              </span>
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
      <span aria-hidden="true">⚠ </span>Controlled{schedule ? ` (Schedule ${schedule})` : ''}
    </span>
  );
}
