// JSON this program (or another of this app) stored as text — a file, a database column — read back through a schema:
// a file edited by hand or a row written by an older build is refused with a clear message, never cast and trusted.
import type { z } from 'zod';

/** Stored JSON text that is not JSON, or not of the shape its reader expects; the message names what was read. */
export class StoredJsonError extends Error {
  override name = 'StoredJsonError';
}

/**
 * `text` parsed and checked against `schema`; a `StoredJsonError` naming `what` (and the failing path, never a value)
 * when it is not JSON or not of that shape. Answers the value as stored: the schema checks, it does not reshape (zod
 * would rebuild objects in its own key order, and a seal or a hash taken over the stored value must still hold).
 */
export function parseStoredJson<S extends z.ZodType>(schema: S, text: string, what: string): z.input<S> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new StoredJsonError(`${what} is not valid JSON`);
  }
  const checked = schema.safeParse(value);
  if (checked.success) return value as z.input<S>;
  const issue = checked.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  throw new StoredJsonError(`${what} is not of the expected shape${where}: ${issue?.message ?? 'invalid'}`);
}
