// Service drift as an admin sees it: per operation and field path, what the station had to coerce, drop or refuse in
// the service's answers, how often and since when. Kinds of values only, never a value.
import { z } from 'zod';

export const driftEntry = z.strictObject({
  operation: z.string(),
  /** `products.prescription[].formula_id`; `[]` is any element of a list, `(answer)` the whole answer. */
  path: z.string(),
  kind: z.enum(['coerced', 'dropped', 'refused']),
  /** What was there, in words (`a number`, `an unknown value`, `id is missing`). */
  was: z.string(),
  /** For a coercion, what it was read as. */
  as: z.string().optional(),
  count: z.number().int().min(1),
  firstSeen: z.string(),
  lastSeen: z.string(),
});
export type DriftEntryView = z.infer<typeof driftEntry>;

export const driftReport = z.strictObject({
  /** When this station began counting (its start). */
  since: z.string(),
  /** The service these answers came from (its base URL). */
  service: z.string(),
  entries: z.array(driftEntry),
});
export type DriftReport = z.infer<typeof driftReport>;
