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
