// Migration 9 of audit.db and its record kind: a pharmacist's confirmation main refused (a wrong password, an account
// that is not a pharmacist's, a pharmacist confirming their own pick, a count that does not match…), kept with who was
// signed in and what was asked. Never a password: main never hands one to this record. Chained like the rest.
import type { Migration } from '../../kits/sqlite/db.ts';
import type { Stamp } from './schema.ts';
import { appendOnly, RECORD_KEYS, WHO_AND_WHEN } from './schema-parts.ts';

export const refusalMigration: Migration = {
  version: 9,
  name: 'refused pharmacist confirmations',
  sql: `
CREATE TABLE refused_confirmations (
${RECORD_KEYS}
  purpose TEXT NOT NULL,
  subject TEXT,
  reason TEXT NOT NULL CHECK (reason IN ('wrong_password', 'not_a_pharmacist', 'too_many_attempts', 'unknown_person',
    'other_purpose', 'own_pick', 'count_mismatch')),
  claimed_email TEXT,
  confirmed_id TEXT,
  confirmed_email TEXT,
  detail TEXT NOT NULL,
${WHO_AND_WHEN}
);
CREATE INDEX refused_confirmations_subject ON refused_confirmations (service_id, subject, seq);
${appendOnly('refused_confirmations')}`,
};

export type RefusalReason =
  | 'wrong_password'
  | 'not_a_pharmacist'
  | 'too_many_attempts'
  | 'unknown_person'
  | 'other_purpose'
  | 'own_pick'
  | 'count_mismatch';

/** What main saw of a refused confirmation (from its own checks; no password ever reaches it). */
export interface RefusalFacts {
  /** What the confirmation was asked for (clear_stop, controlled_count, picker_override, print_override). */
  purpose: string;
  /** Its order or document, when it names one. */
  subject: string | null;
  reason: RefusalReason;
  /** The account the person named, when it reads as an email (a badge resolved to one); null otherwise. */
  claimedEmail: string | null;
  /** The account the service confirmed, when it confirmed one (not a pharmacist, their own pick, a count). */
  confirmed: { id: string | null; email: string } | null;
  /** What main refused, in words. */
  detail: string;
}

export interface RefusalRow extends Stamp {
  seq: number;
  purpose: string;
  subject: string | null;
  reason: RefusalReason;
  claimed_email: string | null;
  confirmed_id: string | null;
  confirmed_email: string | null;
  detail: string;
}

export const REFUSAL_COLUMNS = [
  'id',
  'service_id',
  'purpose',
  'subject',
  'reason',
  'claimed_email',
  'confirmed_id',
  'confirmed_email',
  'detail',
  'user_id',
  'user_email',
  'user_name',
  'recorded_at',
] as const satisfies readonly (keyof RefusalRow)[];

/** The row of a refusal from what main saw. */
export function refusalRow(facts: RefusalFacts, stamp: Stamp): Omit<RefusalRow, 'seq'> {
  return {
    ...stamp,
    purpose: facts.purpose,
    subject: facts.subject,
    reason: facts.reason,
    claimed_email: facts.claimedEmail,
    confirmed_id: facts.confirmed?.id ?? null,
    confirmed_email: facts.confirmed?.email ?? null,
    detail: facts.detail,
  };
}
