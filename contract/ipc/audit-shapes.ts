// The audit log's leaf shapes, shared by its record kinds (verifications, stops, sign-offs, review decisions); a record's
// id is in ../audit-terms.ts.
import { z } from 'zod';

/** Who did it, as the session (or a pharmacist's confirmation) knew them when main recorded it. */
export const auditUser = z.strictObject({
  id: z.string().nullable(),
  email: z.string(),
  name: z.string().nullable(),
});
export type AuditPerson = z.infer<typeof auditUser>;

/** What every screen says of the station's audit record: keyed or not, and a chain that failed its own check at start. */
export const auditRecordView = z.strictObject({
  keyed: z.boolean(),
  /** The broken chain's file, kept aside for the audit, and what was wrong with it. */
  brokenChainKept: z.strictObject({ file: z.string(), problem: z.string() }).nullable(),
  /** An admin acknowledged this chain not keyed: by whom (their name, or email) and when (ISO); null: nobody yet. */
  acknowledged: z.strictObject({ by: z.string(), at: z.string() }).nullable(),
});
export type AuditRecordView = z.infer<typeof auditRecordView>;
