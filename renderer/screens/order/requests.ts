// Replacement and cancellation requests: their state read from the order, the reason picklists, and the request bodies.
import { orderStatusOf } from '../../../contract/service/order-status.ts';
import {
  type CancellationRequestBody,
  cancellationRequestBody,
  type Order,
  type ReplacementRequestBody,
  replacementRequestBody,
} from '../../../contract/service/orders.ts';

export type RequestState = 'none' | 'pending' | 'approved' | 'rejected';

export interface ReplacementView {
  state: RequestState;
  requestedAt: string | null;
  /** Why it was asked for (as sent). */
  reason: string | null;
  /** Why it was refused, when the service says. */
  rejectedReason: string | null;
  /** The orders made to replace this one. */
  replacementOrderIds: string[];
  /** When this order is itself a replacement: the order it replaces, and why. */
  originalOrderId: string | null;
  replacedBecause: string | null;
  /** A new request makes sense: none is pending. The service decides the rest and says why not. */
  canRequest: boolean;
}

const approvedWords = new Set(['approved', 'accepted', 'completed', 'fulfilled', 'replaced']);
const rejectedWords = new Set(['rejected', 'denied', 'declined', 'refused']);

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** Reads the request status the service sent (normalised to snake_case by the contract), whatever its generation. */
function requestStateOf(status: string | null | undefined, requested: boolean, replaced: boolean): RequestState {
  const word = status?.trim().toLowerCase() ?? '';
  if (approvedWords.has(word)) return 'approved';
  if (rejectedWords.has(word)) return 'rejected';
  if (word) return 'pending';
  if (replaced) return 'approved';
  return requested ? 'pending' : 'none';
}

export function replacementOf(order: Order): ReplacementView {
  const replacementOrderIds = order.replacement_order_ids ?? [];
  const state = requestStateOf(
    order.replacement_request_status,
    order.replacement_requested === true,
    replacementOrderIds.length > 0,
  );
  return {
    state,
    requestedAt: order.replacement_requested_at ?? null,
    reason: text(order.replacement_requested_reason),
    rejectedReason: state === 'rejected' ? text(order.replacement_rejected_reason) : null,
    replacementOrderIds,
    originalOrderId: order.original_order_id ?? null,
    replacedBecause: order.is_replacement || order.original_order_id ? text(order.replacement_reason) : null,
    canRequest: state !== 'pending',
  };
}

export interface CancellationView {
  /** pending: asked, not yet decided; approved: the order was cancelled; rejected: it shipped instead. */
  state: RequestState;
  /** The order is cancelled (whether or not this station asked). */
  cancelled: boolean;
  canRequest: boolean;
}

const leftThePharmacy = new Set(['shipped', 'delivered']);

/** The service keeps only whether a cancellation was asked for; the order's status tells how it ended. */
export function cancellationOf(order: Order): CancellationView {
  const status = orderStatusOf(order) ?? '';
  const cancelled = status === 'cancelled';
  const requested = order.cancellation_requested === true;
  const state: RequestState = !requested
    ? 'none'
    : cancelled
      ? 'approved'
      : leftThePharmacy.has(status)
        ? 'rejected'
        : 'pending';
  return { state, cancelled, canRequest: !requested && !cancelled };
}

// ---- Reasons ----

export interface ReasonChoice {
  code: string;
  label: string;
  /** The details box must be filled for this choice. */
  needsDetails?: boolean;
}

export const replacementReasons: readonly ReasonChoice[] = [
  { code: 'lost', label: 'Lost in transit' },
  { code: 'damaged', label: 'Arrived damaged' },
  { code: 'missing_item', label: 'An item was missing' },
  { code: 'wrong_item', label: 'Wrong item received' },
  { code: 'temperature', label: 'Arrived too warm or too cold' },
  { code: 'other', label: 'Other', needsDetails: true },
];

export const cancellationReasons: readonly ReasonChoice[] = [
  { code: 'patient', label: 'The patient asked to cancel' },
  { code: 'prescriber', label: 'The prescriber stopped the therapy' },
  { code: 'duplicate', label: 'Duplicate order' },
  { code: 'payment', label: 'Payment or insurance problem' },
  { code: 'address', label: 'Cannot ship to the address' },
  { code: 'other', label: 'Other', needsDetails: true },
];

export interface RequestDraft {
  reasonCode: string;
  details: string;
}

export type DraftErrors = { reason?: string; details?: string };

export type Composed = { ok: true; text: string } | { ok: false; errors: DraftErrors };

/** "Arrived damaged: box crushed": the picked reason, then the details when there are any. */
export function composeReason(choices: readonly ReasonChoice[], draft: RequestDraft): Composed {
  const choice = choices.find((candidate) => candidate.code === draft.reasonCode);
  const details = draft.details.trim();
  const errors: DraftErrors = {};
  if (!choice) errors.reason = 'Pick a reason.';
  if (choice?.needsDetails && !details) errors.details = 'Say what happened.';
  if (!choice || errors.details) return { ok: false, errors };
  const composed = choice.code === 'other' ? details : details ? `${choice.label}: ${details}` : choice.label;
  return { ok: true, text: composed };
}

type Body<T> = { ok: true; body: T } | { ok: false; errors: DraftErrors };

/** The contract's refusal, pinned to the details box (the only free text): too long, or its own first message. */
function schemaErrors(issues: readonly { code: string; message: string }[]): DraftErrors {
  const first = issues[0];
  if (first?.code === 'too_big') return { details: 'Keep it under 5,000 characters.' };
  return { details: first?.message ?? 'This cannot be sent as it is.' };
}

/** The replacement request body, checked by the contract's own schema before anything is sent. */
export function replacementBody(draft: RequestDraft): Body<ReplacementRequestBody> {
  const composed = composeReason(replacementReasons, draft);
  if (!composed.ok) return composed;
  const parsed = replacementRequestBody.safeParse({ reason: composed.text });
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, errors: schemaErrors(parsed.error.issues) };
}

/** The cancellation request body, checked likewise. */
export function cancellationBody(draft: RequestDraft): Body<CancellationRequestBody> {
  const composed = composeReason(cancellationReasons, draft);
  if (!composed.ok) return composed;
  const parsed = cancellationRequestBody.safeParse({ comments: composed.text });
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, errors: schemaErrors(parsed.error.issues) };
}
