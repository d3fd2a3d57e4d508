// A discrepancy as a task for the team: short lines and hard stops, written out, linked to the order, queued through
// the outbox (so it is kept offline too). Pure: builds the task body from what the verification found.
import { PHARMACIST_REASONS, PHARMACIST_STOPS, STOP_REASONS } from '../../contract/ipc/audit.ts';
import { type TaskCreateBody, taskCreateBody } from '../../contract/service/tasks.ts';
import type { DismissReason } from './run.ts';
import { STOP_TITLES, type StopKind } from './verdict.ts';

/** How each reason reads for each kind of stop: the words fit what happened (an extra is not "taken out" the same way). */
const REASON_WORDS: Record<StopKind, Partial<Record<DismissReason, string>>> = {
  not_on_order: {
    removed: 'Taken out of the package',
    misread: 'Scanned by mistake: it is not in the package',
    pharmacist_approved: 'A pharmacist approved it (needs the pharmacist here)',
    other: 'Other (say why)',
  },
  too_many: {
    count_corrected: 'Count corrected: scanned twice or miscounted',
    removed: 'The extra was taken out of the package',
    other: 'Other (say why)',
  },
  not_prescribed: {
    pharmacist_approved: 'A pharmacist checked it is the prescribed drug (scan it again to count it)',
    removed: 'Taken out: a pharmacist confirmed it is not the prescribed drug',
  },
  recalled_lot: {
    removed: 'Replaced with a lot that is not recalled',
    misread: 'Wrong label scanned: the lot in the package is not the recalled one',
    other: 'Other (say why)',
  },
  expired_lot: {
    removed: 'Replaced with an in-date lot',
    misread: 'Wrong label scanned: the lot in the package is in date',
    other: 'Other (say why)',
  },
};

/** The picklist of one stop, in the order offered: only the reasons that fit it (contract/ipc/audit.ts STOP_REASONS). */
export function reasonsFor(kind: StopKind): { value: DismissReason; label: string }[] {
  return STOP_REASONS[kind].map((value) => ({ value, label: REASON_WORDS[kind][value] ?? REASON_LABELS[value] }));
}

/** Reasons (and stops) that need a pharmacist to confirm at the station before the stop is let go. */
export const needsPharmacist = (reason: DismissReason | '', kind?: StopKind) =>
  reason !== '' && (PHARMACIST_REASONS.includes(reason) || (kind !== undefined && PHARMACIST_STOPS.includes(kind)));

export const REASON_LABELS: Record<DismissReason, string> = {
  removed: 'Taken out of the package',
  misread: 'Scanned by mistake or misread',
  count_corrected: 'Count corrected',
  pharmacist_approved: 'A pharmacist approved it',
  reported_as_task: 'Reported as a discrepancy task',
  other: 'Other',
};

export const REPORTED_NOTE = 'Reported as a discrepancy task.';

/**
 * What Alt+D keeps of what the person had typed in the stop: the reason they chose (a pharmacist's reason marked as
 * not confirmed: nobody confirmed it) and their note. The stop's own reason is reported_as_task.
 */
export function reportedNote(reason: DismissReason | null, note: string): string {
  const chosen = reason
    ? `${needsPharmacist(reason) ? 'Chosen, not confirmed by a pharmacist: ' : ''}${REASON_LABELS[reason]}`
    : null;
  const typed = note.trim();
  if (!chosen && !typed) return REPORTED_NOTE;
  return [chosen, typed].filter(Boolean).join(': ');
}

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
  /** How many units the scan stood for. */
  quantity: number;
  message: string;
  /** The order's line the product belongs to, with its count so far; null when it is on no line. */
  line: ShortLine | null;
  reason: DismissReason | null;
  note: string | null;
}

export interface DiscrepancyOrder {
  id: string;
  orderNumber: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_DESCRIPTION = 5000;

/** One stop written out in full: what stopped, what was scanned, the line it hit and its count, why and what was done. */
function stopLines(stop: StopSummary): string[] {
  const scanned = stop.quantity > 1 ? `${stop.code} × ${stop.quantity}` : stop.code;
  const line = stop.line
    ? `${stop.line.label}: ${stop.line.scanned} of ${stop.line.expected} counted so far`
    : `none: ${stop.label} is on no line of the order`;
  return [
    `- ${STOP_TITLES[stop.kind]} (${stop.kind}): ${stop.message}`,
    `  Scanned: ${scanned}`,
    `  Expected line: ${line}`,
    `  Reason given: ${stop.reason ? REASON_LABELS[stop.reason] : 'none chosen'}`,
    `  Note: ${stop.note || 'none typed'}`,
  ];
}

/** The task body: a name that says which order, a description listing each problem, the order linked. */
export function discrepancyTaskBody(
  order: DiscrepancyOrder,
  problems: { short: readonly ShortLine[]; stops: readonly StopSummary[] },
  categoryCode: string,
): TaskCreateBody {
  const orderName = order.orderNumber ? `order ${order.orderNumber}` : `order ${order.id}`;
  const parts = [
    `Found while verifying ${orderName} at the station.`,
    `Order: ${order.orderNumber ?? order.id} (linked to this task)`,
  ];
  if (problems.short.length > 0) {
    parts.push(
      'Short lines:',
      ...problems.short.map((line) => `- ${line.label}: ${line.scanned} of ${line.expected} scanned`),
    );
  }
  if (problems.stops.length > 0) parts.push('Hard stops:', ...problems.stops.flatMap(stopLines));
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
