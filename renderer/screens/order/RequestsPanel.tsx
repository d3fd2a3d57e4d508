// Replacement and cancellation: where each request stands, the jump between original and replacement, and the forms.
import type { ReactNode } from 'react';
import type { Order } from '../../../contract/service/orders.ts';
import { formatDateTime } from '../../format/service-values.ts';
import { useRequestCancellation, useRequestReplacement } from '../../queries/order-detail.ts';
import { messageOf } from '../../queries/station.ts';
import { Panel } from './Panel.tsx';
import { RelatedOrderButton } from './RelatedOrderButton.tsx';
import { RequestForm, type RequestFormProps } from './RequestForm.tsx';
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

/** One kind of request: where it stands, and its form while it is open (the service's refusal under it). */
function RequestBlock<B>(props: {
  heading: string;
  state: ReactNode;
  open: boolean;
  form: Omit<RequestFormProps<B>, 'send' | 'sending' | 'refusal'>;
  mutation: { mutateAsync: (body: B) => Promise<unknown>; isPending: boolean; isError: boolean; error: unknown };
}) {
  const { mutation } = props;
  return (
    <section className="order-request-block" aria-label={props.heading}>
      <h4>{props.heading}</h4>
      {props.state}
      {props.open ? (
        <RequestForm
          {...props.form}
          send={mutation.mutateAsync}
          sending={mutation.isPending}
          refusal={mutation.isError ? messageOf(mutation.error) : null}
        />
      ) : null}
    </section>
  );
}

export function RequestsPanel({ order, orderId, userId }: { order: Order; orderId: string; userId: string }) {
  const replace = useRequestReplacement(orderId);
  const cancel = useRequestCancellation(orderId);
  const replacementOpen = useDraft(draftKey(userId, order.id, 'replacement')).open;
  const cancellationOpen = useDraft(draftKey(userId, order.id, 'cancellation')).open;
  const cancellation = cancellationOf(order);
  const canReplace = replacementOf(order).canRequest;

  return (
    <Panel id="order-requests" title="Replacement and cancellation" className="order-requests-panel">
      <RequestBlock
        heading="Replacement"
        state={<ReplacementState order={order} />}
        open={replacementOpen && canReplace}
        form={{
          kind: 'replacement',
          title: 'Request a replacement',
          choices: replacementReasons,
          userId,
          orderId: order.id,
          toBody: replacementBody,
        }}
        mutation={replace}
      />
      <RequestBlock
        heading="Cancellation"
        state={
          <p className="order-request-state" role="status">
            <StateBadge state={cancellation.state} />{' '}
            {cancellation.state === 'none' && cancellation.cancelled
              ? 'This order is cancelled.'
              : cancellationWords[cancellation.state]}
          </p>
        }
        open={cancellationOpen && cancellation.canRequest}
        form={{
          kind: 'cancellation',
          title: 'Request cancellation',
          choices: cancellationReasons,
          userId,
          orderId: order.id,
          toBody: cancellationBody,
        }}
        mutation={cancel}
      />
    </Panel>
  );
}
