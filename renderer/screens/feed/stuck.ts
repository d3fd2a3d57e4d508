// The stuck-orders queue: one entry per order that was reported stuck, and what the order itself says about why.
import { orderStatusName, orderStatusOf } from '../../../contract/service/order-status.ts';
import type { FeedEvent } from '../../queries/events.ts';
import type { OrderView } from '../../queries/orders.ts';

export const STUCK_EVENT = 'order.stuck';

/** The newest order.stuck event of each order, newest first (the events come newest first). */
export function stuckEntries(events: readonly FeedEvent[] | undefined): FeedEvent[] {
  const seen = new Set<string>();
  const entries: FeedEvent[] = [];
  for (const event of events ?? []) {
    if (event.eventCode !== STUCK_EVENT || seen.has(event.subjectId)) continue;
    seen.add(event.subjectId);
    entries.push(event);
  }
  return entries;
}

export interface StuckInfo {
  /** True while the order says it is stuck; false once the problem was settled (the order moved on or was cancelled). */
  stillStuck: boolean;
  /** The reason in the service's words, when it gives one. */
  reason: string | null;
  reasonCode: string | null;
  /** When it got stuck (ISO 8601), when the service says. */
  stuckAt: string | null;
  statusName: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

/**
 * The event carries no reason (a webhook delivery has only id, number and status), so it is read from the order: the
 * training service adds `stuck_reason`, `stuck_reason_code` and `stuck_at` while the order is stuck (the loose order
 * schema passes them through). Without a reason field the order counts as stuck while it waits in data entry.
 */
export function stuckInfo(order: OrderView): StuckInfo {
  const fields = order as Record<string, unknown>;
  const reason = text(fields.stuck_reason);
  const reasonCode = text(fields.stuck_reason_code);
  const stuckAt = text(fields.stuck_at);
  const knowsStuck = 'stuck_reason' in fields || 'stuck_reason_code' in fields;
  const stillStuck = knowsStuck ? reason !== null || reasonCode !== null : orderStatusOf(order) === 'data_entry';
  return { stillStuck, reason, reasonCode, stuckAt, statusName: orderStatusName(order) };
}

/** The reason as a sentence: "Too early to fill." */
export function reasonSentence(info: StuckInfo): string {
  const reason = info.reason ?? info.reasonCode?.replaceAll('_', ' ') ?? null;
  if (!reason) return 'The service gave no reason.';
  const sentence = reason.charAt(0).toUpperCase() + reason.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}
