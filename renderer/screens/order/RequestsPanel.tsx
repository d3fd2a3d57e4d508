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
import { orderWords } from './wording.ts';

const stateWords: Record<RequestState, string> = orderWords.requests.states;

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
        {replacement.state === 'none' ? orderWords.requests.noReplacement : null}
        {replacement.state === 'pending' ? orderWords.requests.replacementPending(requested) : null}
        {replacement.state === 'approved' ? orderWords.requests.replacementMade : null}
        {replacement.state === 'rejected' ? orderWords.requests.replacementRefused(replacement.rejectedReason) : null}
      </p>
      {replacement.reason && replacement.state !== 'none' ? (
        <p className="order-request-reason">{orderWords.requests.reasonGiven(replacement.reason)}</p>
      ) : null}
      {replacement.replacementOrderIds.map((id, index) => (
        <RelatedOrderButton
          key={id}
          orderId={id}
          label={orderWords.requests.openReplacement}
          withShortcut={!original && index === 0}
        />
      ))}
      {original ? (
        <>
          <p className="order-request-reason">{orderWords.requests.replacesAnother(replacement.replacedBecause)}</p>
          <RelatedOrderButton orderId={original} label={orderWords.requests.openOriginal} withShortcut />
        </>
      ) : null}
    </>
  );
}

const cancellationWords: Record<RequestState, string> = orderWords.requests.cancellationStates;

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
    <Panel id="order-requests" title={orderWords.requests.title} className="order-requests-panel">
      <RequestBlock
        heading={orderWords.requests.replacement}
        state={<ReplacementState order={order} />}
        open={replacementOpen && canReplace}
        form={{
          kind: 'replacement',
          title: orderWords.requests.requestReplacement,
          choices: replacementReasons,
          userId,
          orderId: order.id,
          toBody: replacementBody,
        }}
        mutation={replace}
      />
      <RequestBlock
        heading={orderWords.requests.cancellation}
        state={
          <p className="order-request-state" role="status">
            <StateBadge state={cancellation.state} />{' '}
            {cancellation.state === 'none' && cancellation.cancelled
              ? orderWords.requests.cancelled
              : cancellationWords[cancellation.state]}
          </p>
        }
        open={cancellationOpen && cancellation.canRequest}
        form={{
          kind: 'cancellation',
          title: orderWords.requests.requestCancellation,
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
