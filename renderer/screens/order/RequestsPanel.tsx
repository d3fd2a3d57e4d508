// Replacement and cancellation: where each request stands, the jump between original and replacement, and the forms.
import type { Order } from '../../../contract/service/orders.ts';
import { formatDateTime } from '../../format/service-values.ts';
import { useRequestCancellation, useRequestReplacement } from '../../queries/order-detail.ts';
import { messageOf } from '../../queries/station.ts';
import { Panel } from './Panel.tsx';
import { RelatedOrderButton } from './RelatedOrderButton.tsx';
import { RequestForm } from './RequestForm.tsx';
import { draftKey, useDraft } from './request-drafts-store.ts';
import {
  cancellationBody,
  cancellationOf,
  cancellationReasons,
  type RequestState,
  replacementBody,
  replacementOf,
  replacementReasons,
} from './requests.ts';

const stateWords: Record<RequestState, string> = {
  none: '',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

function StateBadge({ state }: { state: RequestState }) {
  if (state === 'none') return null;
  return <span className={`order-badge order-badge-${state}`}>{stateWords[state]}</span>;
}

function ReplacementState({ order }: { order: Order }) {
  const replacement = replacementOf(order);
  const requested = formatDateTime(replacement.requestedAt);
  const original = replacement.originalOrderId;
  return (
    <>
      <p className="order-request-state" role="status">
        <StateBadge state={replacement.state} />
        {replacement.state === 'none' ? 'No replacement requested.' : null}
        {replacement.state === 'pending'
          ? ` Requested${requested ? ` ${requested}` : ''}; a pharmacist decides.`
          : null}
        {replacement.state === 'approved' ? ' A replacement order was made.' : null}
        {replacement.state === 'rejected'
          ? ` Refused${replacement.rejectedReason ? `: ${replacement.rejectedReason}` : '.'}`
          : null}
      </p>
      {replacement.reason && replacement.state !== 'none' ? (
        <p className="order-request-reason">Reason given: {replacement.reason}</p>
      ) : null}
      {replacement.replacementOrderIds.map((id, index) => (
        <RelatedOrderButton
          key={id}
          orderId={id}
          label="Open replacement order"
          withShortcut={!original && index === 0}
        />
      ))}
      {original ? (
        <>
          <p className="order-request-reason">
            This order replaces another{replacement.replacedBecause ? `: ${replacement.replacedBecause}` : '.'}
          </p>
          <RelatedOrderButton orderId={original} label="Open original order" withShortcut />
        </>
      ) : null}
    </>
  );
}

const cancellationWords: Record<RequestState, string> = {
  none: 'No cancellation requested.',
  pending: 'Requested; a pharmacist decides.',
  approved: 'Cancelled as requested.',
  rejected: 'Not cancelled: the order left the pharmacy first.',
};

export function RequestsPanel({ order, orderId, userId }: { order: Order; orderId: string; userId: string }) {
  const replace = useRequestReplacement(orderId);
  const cancel = useRequestCancellation(orderId);
  const replacementOpen = useDraft(draftKey(userId, order.id, 'replacement')).open;
  const cancellationOpen = useDraft(draftKey(userId, order.id, 'cancellation')).open;
  const cancellation = cancellationOf(order);
  const canReplace = replacementOf(order).canRequest;

  return (
    <Panel id="order-requests" title="Replacement and cancellation" className="order-requests-panel">
      <section className="order-request-block" aria-label="Replacement">
        <h4>Replacement</h4>
        <ReplacementState order={order} />
        {replacementOpen && canReplace ? (
          <RequestForm
            kind="replacement"
            title="Request a replacement"
            choices={replacementReasons}
            userId={userId}
            orderId={order.id}
            toBody={replacementBody}
            send={replace.mutateAsync}
            sending={replace.isPending}
            refusal={replace.isError ? messageOf(replace.error) : null}
          />
        ) : null}
      </section>
      <section className="order-request-block" aria-label="Cancellation">
        <h4>Cancellation</h4>
        <p className="order-request-state" role="status">
          <StateBadge state={cancellation.state} />{' '}
          {cancellation.state === 'none' && cancellation.cancelled
            ? 'This order is cancelled.'
            : cancellationWords[cancellation.state]}
        </p>
        {cancellationOpen && cancellation.canRequest ? (
          <RequestForm
            kind="cancellation"
            title="Request cancellation"
            choices={cancellationReasons}
            userId={userId}
            orderId={order.id}
            toBody={cancellationBody}
            send={cancel.mutateAsync}
            sending={cancel.isPending}
            refusal={cancel.isError ? messageOf(cancel.error) : null}
          />
        ) : null}
      </section>
    </Panel>
  );
}
