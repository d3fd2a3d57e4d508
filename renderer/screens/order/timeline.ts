// An order's status history as a timeline: steps in the order they happened, who made each, how long it lasted.

import { orderStatusName } from '../../../contract/service/order-status.ts';
import type { OrderStatusChange } from '../../../contract/service/orders.ts';
import { personName } from '../../../rules/words/person-name.ts';
import { formatDuration } from '../../format/service-values.ts';

export interface TimelineStep {
  /** Stable within one history (its place in the service's answer). */
  key: string;
  name: string;
  code: string | null;
  /** The service's timestamp, for formatting; null when it sent none. */
  at: string | null;
  by: string | null;
  /** How long the order stayed in this status ("3 h 20 min"), or null. */
  stayed: string | null;
  /** The last step: where the order is now. */
  current: boolean;
}

/** The name the service gives the step, else the name of its status or code (one reading for every order status). */
function nameOf(change: OrderStatusChange): string {
  return orderStatusName(change) ?? 'Unknown status';
}

/**
 * The history oldest first, by time (the service's order breaks ties). A step with no readable time stays right after
 * the step before it, so one missing timestamp does not scramble the rest.
 */
export function timelineOf(history: readonly OrderStatusChange[]): TimelineStep[] {
  let previous = Number.NEGATIVE_INFINITY;
  const placed = history.map((change, index) => {
    const ms = change.updated_at ? Date.parse(change.updated_at) : Number.NaN;
    const when = Number.isNaN(ms) ? previous : ms;
    previous = when;
    return { change, index, when };
  });
  placed.sort((a, b) => a.when - b.when || a.index - b.index);
  return placed.map(({ change, index }, position) => ({
    key: String(index),
    name: nameOf(change),
    code: change.status_code?.trim() || null,
    at: change.updated_at ?? null,
    by: personName(change.updated_by_first_name, change.updated_by_last_name),
    stayed: formatDuration(change.duration),
    current: position === placed.length - 1,
  }));
}
