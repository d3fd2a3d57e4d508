// Gathers what the station itself recorded of one drill's order, for scoring: its audit log (verifications, stops,
// reviews, label prints), its outbox (task writes for the order) and, for a duplicate patient, the service's answer.
// Only the trainee's own records count: a drill played by someone else (a trainer, another trainee) scores nothing,
// and a task write counts only when main's session had the trainee, confirmed, queueing it (never 'unknown').

import type { Drill } from '../../../contract/drills.ts';
import { operations } from '../../../contract/service/operations.ts';
import type { DrillRecords } from '../../../rules/drills/score.ts';
import type { OutboxEntry } from '../../service/outbox/index.ts';
import type { DrillParts } from './drill-parts.ts';
import type { AttemptRow } from './results-repository.ts';

const oldestFirst = <T extends { recordedAt: string }>(items: T[]) =>
  [...items].sort((a, b) => a.recordedAt.localeCompare(b.recordedAt));

const same = (a: unknown, b: string) => typeof a === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The task creates for the order that the trainee queued themselves, signed in as someone the service confirmed. */
export function traineeTasks(entries: readonly OutboxEntry[], orderId: string, trainee: string) {
  return entries
    .filter((e) => e.kind === 'create' && e.body.order_id === orderId)
    .filter(({ queuedBy: by }) => by !== 'unknown' && by.confirmed && sameEmail(by.email, trainee))
    .map((e) => ({ name: String(e.body.name ?? ''), description: String(e.body.description ?? ''), state: e.state }));
}

/**
 * Active patients on the service born on the drill patient's birth date who share their first or last name: the
 * drill's own record, and any second one entered for the same person (a typo in one name still counts). Null when the
 * service did not say.
 */
export async function countSamePatient(drill: Drill, parts: DrillParts): Promise<number | null> {
  const { firstName, lastName, dateOfBirth } = drill.setup.patient;
  try {
    const found = await parts.call(operations.search.patients, { query: { q: dateOfBirth, limit: 100 } });
    const results = found?.results;
    if (!Array.isArray(results)) return null;
    return results.filter(
      (p) =>
        (same(p?.first_name, firstName) || same(p?.last_name, lastName)) &&
        String(p?.date_of_birth ?? '').slice(0, 10) === dateOfBirth &&
        p?.is_active !== false,
    ).length;
  } catch {
    return null;
  }
}

export async function recordsOf(attempt: AttemptRow, drill: Drill, parts: DrillParts): Promise<DrillRecords> {
  const { audit } = parts;
  const orderId = attempt.orderId;
  const tasks = traineeTasks(parts.outboxEntries(), orderId, attempt.trainee);
  const prescriptionId = attempt.prescriptionId;
  const needsPatients = drill.checks.some((c) => c.kind === 'no_duplicate_patient');
  const mine = <T extends { user: { email: string } }>(records: T[]) =>
    records.filter((record) => sameEmail(record.user.email, attempt.trainee));
  return {
    verifications: oldestFirst(mine(audit.list({ orderId, limit: 200 }))),
    stops: mine(audit.stops({ orderId, limit: 200 })),
    reviews: prescriptionId ? oldestFirst(mine(audit.reviews({ prescriptionId, limit: 200 }))) : [],
    labelPrints: prescriptionId
      ? oldestFirst(mine(audit.prints({ kind: 'prescription_label', orderId, prescriptionId }, 200)))
      : [],
    tasks,
    samePatient: needsPatients
      ? { atStart: attempt.patientsAtStart, now: await countSamePatient(drill, parts) }
      : { atStart: 0, now: 0 },
  };
}
