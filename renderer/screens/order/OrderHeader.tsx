// The top of the order card: number and status, whom it is for, and the states that change what may be done with it.
import { orderStatusName, orderStatusOf } from '../../../contract/service/order-status.ts';
import type { Order } from '../../../contract/service/orders.ts';
import { patientFacts } from '../../format/patient-facts.ts';
import { formatDateTime } from '../../format/service-values.ts';
import { cancellationOf, type RequestState, replacementOf } from './requests.ts';
import { orderWords } from './wording.ts';

const requestWords: Record<RequestState, string> = orderWords.header.requestStates;

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

export function OrderHeader({ order }: { order: Order }) {
  const patient = patientFacts(order.patient, new Date());
  const replacement = replacementOf(order);
  const cancellation = cancellationOf(order);
  const created = formatDateTime(order.created_at);
  const status = orderStatusOf(order);
  const pausedUntil = status === 'paused' ? formatDateTime(order.paused_until) : null;
  const stuck = text(order.stuck_reason);

  return (
    <header className="order-header">
      <div className="order-head">
        <h2 id="order-title">
          {orderWords.header.order}
          <span className="order-number">{order.order_number ?? order.id}</span>
        </h2>
        <span className={`status-pill status-${status ?? 'unknown'}`}>
          {orderStatusName(order) ?? orderWords.header.unknownStatus}
        </span>
        {order.is_replacement ? (
          <span className="order-badge order-badge-info">{orderWords.header.replacementOrder}</span>
        ) : null}
        {replacement.state !== 'none' ? (
          <span className={`order-badge order-badge-${replacement.state}`}>
            {orderWords.header.replacement}
            {requestWords[replacement.state]}
          </span>
        ) : null}
        {cancellation.state !== 'none' ? (
          <span className={`order-badge order-badge-${cancellation.state}`}>
            {orderWords.header.cancellation}
            {requestWords[cancellation.state]}
          </span>
        ) : null}
        {order.priority_requested ? (
          <span className="order-badge order-badge-info">{orderWords.header.priority}</span>
        ) : null}
      </div>
      <p className="order-subline">
        <span className="patient-name">{patient.name}</span>
        {patient.age !== null ? <span>{orderWords.header.age(patient.age)}</span> : null}
        {patient.minor ? <span className="order-badge order-badge-pending">{orderWords.header.minor}</span> : null}
        {order.external_id ? <span className="muted">{orderWords.header.externalId(order.external_id)}</span> : null}
        {created ? <span className="muted">{orderWords.header.received(created)}</span> : null}
      </p>
      {pausedUntil ? <p className="notice notice-warn">{orderWords.header.pausedUntil(pausedUntil)}</p> : null}
      {stuck ? <p className="notice notice-warn">{orderWords.header.stuck(stuck)}</p> : null}
    </header>
  );
}
