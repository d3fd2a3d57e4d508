// The audit log's leaf shapes, shared by its record kinds (verifications, stops, sign-offs, review decisions).
import { z } from 'zod';

/** A record id as the service gives it (a UUID in practice): letters, digits and - _ . : only, so it is safe to log. */
export const recordId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'an id is letters, digits and - _ . :');

/** Who did it, as the session (or a pharmacist's confirmation) knew them when main recorded it. */
export const auditUser = z.strictObject({
  id: z.string().nullable(),
  email: z.string(),
  name: z.string().nullable(),
});
export type AuditPerson = z.infer<typeof auditUser>;
