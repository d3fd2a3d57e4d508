// A discrepancy as a task for the team: short lines and hard stops, written out, linked to the order, queued through
// the outbox (so it is kept offline too). Pure: builds the task body from what the verification found.
import { type TaskCreateBody, taskCreateBody } from '../../../contract/service/tasks.ts';
import type { DismissReason } from './session.ts';
import { STOP_TITLES, type StopKind } from './verdict.ts';

/** The picklist of a stop's dismissal, in the order offered (reported_as_task is set by Alt+D, not chosen). */
export const DISMISS_REASONS: { value: DismissReason; label: string }[] = [
  { value: 'removed', label: 'Taken out of the package' },
  { value: 'misread', label: 'Scanned by mistake or misread' },
  { value: 'pharmacist_approved', label: 'A pharmacist approved it' },
  { value: 'other', label: 'Other (say why)' },
];

export const REASON_LABELS: Record<DismissReason, string> = {
  removed: 'Taken out of the package',
  misread: 'Scanned by mistake or misread',
  pharmacist_approved: 'A pharmacist approved it',
  reported_as_task: 'Reported as a discrepancy task',
  other: 'Other',
};

/** The service's "Order" task category code, used when the category list could not be read (offline). */
export const ORDER_CATEGORY_FALLBACK = 'T01';

export interface ShortLine {
  label: string;
  scanned: number;
  expected: number;
}

export interface StopSummary {
  kind: StopKind;
  /** The product as people name it, or the code when it named none. */
  label: string;
  code: string;
  message: string;
  reason: DismissReason | null;
  note: string | null;
}

export interface DiscrepancyOrder {
  id: string;
  orderNumber: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_DESCRIPTION = 5000;

function stopLine(stop: StopSummary): string {
  const dismissed = stop.reason
    ? ` Dismissed: ${REASON_LABELS[stop.reason]}${stop.note ? ` (${stop.note})` : ''}.`
    : '';
  return `- ${STOP_TITLES[stop.kind]}: ${stop.message} Scanned as ${stop.code}.${dismissed}`;
}

/** The task body: a name that says which order, a description listing each problem, the order linked. */
export function discrepancyTaskBody(
  order: DiscrepancyOrder,
  problems: { short: readonly ShortLine[]; stops: readonly StopSummary[] },
  categoryCode: string,
): TaskCreateBody {
  const orderName = order.orderNumber ? `order ${order.orderNumber}` : `order ${order.id}`;
  const parts = [`Found while verifying ${orderName} at the station.`];
  if (problems.short.length > 0) {
    parts.push(
      'Short lines:',
      ...problems.short.map((line) => `- ${line.label}: ${line.scanned} of ${line.expected} scanned`),
    );
  }
  if (problems.stops.length > 0) parts.push('Hard stops:', ...problems.stops.map(stopLine));
  let description = parts.join('\n');
  if (description.length > MAX_DESCRIPTION) description = `${description.slice(0, MAX_DESCRIPTION - 1)}…`;
  const body: TaskCreateBody = {
    name: `Verification discrepancy: ${orderName}`.slice(0, 200),
    description,
    category_code: categoryCode,
    ...(UUID.test(order.id) ? { order_id: order.id } : {}),
  };
  return taskCreateBody.parse(body);
}
