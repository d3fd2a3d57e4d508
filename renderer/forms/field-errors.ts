// Refusals next to the field they are about: zod issues before sending, the service's `details` after.

/** Messages by field key (`first_name`, `address.city`); the key `''` is about the whole form. */
export type FieldErrors = Record<string, string>;

/** What a zod 4 issue carries that matters here (kept structural so this file needs no zod import). */
export interface IssueLike {
  code?: string;
  path: readonly PropertyKey[];
  message: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  format?: string;
  input?: unknown;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return 'Not accepted.';
  const first = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(first) ? first : `${first}.`;
}

/** Zod's defaults are written for programmers; the common ones get words for people, custom messages stay as written. */
export function humanIssue(issue: IssueLike): string {
  if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === '')) return 'Required.';
  if (issue.code === 'too_small' && issue.origin === 'string') {
    return Number(issue.minimum) <= 1 ? 'Required.' : `At least ${issue.minimum} characters.`;
  }
  if (issue.code === 'too_big' && issue.origin === 'string') return `At most ${issue.maximum} characters.`;
  if (issue.code === 'too_small' && issue.origin === 'number') return `At least ${issue.minimum}.`;
  if (issue.code === 'too_big' && issue.origin === 'number') return `At most ${issue.maximum}.`;
  if (issue.code === 'invalid_format' && issue.format === 'email') return 'Not an email address.';
  if (issue.code === 'invalid_format' && issue.format === 'date') return 'Not a date (year, month and day).';
  if (issue.code === 'invalid_value') return 'Choose one of the listed values.';
  return sentence(issue.message);
}

/** The first message for each path; issues with an empty path are about the whole form. */
export function errorsFromIssues(issues: readonly IssueLike[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    if (errors[key] === undefined) errors[key] = humanIssue(issue);
  }
  return errors;
}

/** `body.address.city` → `address.city`; `(input)` and `body` alone are the whole form. */
function fieldKey(path: string, prefix: string): string {
  const bare = path.startsWith(`${prefix}.`) ? path.slice(prefix.length + 1) : path;
  return bare === prefix || bare === '(input)' ? '' : bare;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The service's (or the station's) `details` as field errors. Understood: a list of `{field|path, message}` (what the
 * training service and the station send), or an object of `field: message`. Anything else adds nothing.
 */
export function errorsFromDetails(details: unknown, prefix = 'body'): FieldErrors {
  const errors: FieldErrors = {};
  const add = (path: unknown, message: unknown) => {
    if (typeof message !== 'string' || !message.trim()) return;
    const text = Array.isArray(path) ? path.map(String).join('.') : typeof path === 'string' ? path : '';
    const key = fieldKey(text, prefix);
    if (errors[key] === undefined) errors[key] = sentence(message);
  };
  if (Array.isArray(details)) {
    for (const item of details) {
      if (isRecord(item)) add(item.field ?? item.path ?? item.loc, item.message ?? item.msg);
    }
  } else if (isRecord(details)) {
    for (const [path, message] of Object.entries(details)) {
      add(path, Array.isArray(message) ? message[0] : message);
    }
  }
  return errors;
}

/**
 * Splits errors into those a field of the form shows and those only the form can show (unknown keys, `''`), so no
 * message is lost because no field claimed it.
 */
export function placeErrors(errors: FieldErrors, known: readonly string[]): { fields: FieldErrors; form: string[] } {
  const fields: FieldErrors = {};
  const form: string[] = [];
  for (const [key, message] of Object.entries(errors)) {
    if (key !== '' && known.includes(key)) fields[key] = message;
    else form.push(key === '' ? message : `${key.replace(/[._]/g, ' ')}: ${message}`);
  }
  return { fields, form };
}
