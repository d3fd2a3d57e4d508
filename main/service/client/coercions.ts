// The harmless readings of a value that did not fit its field: number ↔ numeric text, true/false as text, another
// letter case of a listed value, a timestamp or date in a nearby spelling. Anything else is not guessed at.

export interface Coercion {
  value: unknown;
  /** What the value was, in words without the value itself. */
  was: string;
  /** What it is read as. */
  as: string;
}

/** The kind of a value in words, never the value (a field may hold a name or a date of birth). */
export function kindOf(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  switch (typeof value) {
    case 'number':
      return 'a number';
    case 'string':
      return 'text';
    case 'boolean':
      return 'true/false';
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

const NUMERIC = /^\s*-?\d+(\.\d+)?\s*$/;
// 2025-03-15T12:00:00, with a space for the T, minutes only, any fraction, z or an offset with or without a colon.
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?(\.\d+)?\s*([zZ]|[+-]\d{2}:?\d{2})?$/;

/** A timestamp in a nearby spelling, in the ISO form the contract reads; null when it is not one. */
export function normalTimestamp(text: string): string | null {
  const match = TIMESTAMP.exec(text.trim());
  if (!match) return null;
  const [, day, minutes, seconds = ':00', fraction = '', zone = ''] = match;
  const offset =
    zone === '' ? '' : /^[zZ]$/.test(zone) ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  return `${day}T${minutes}${seconds}${fraction}${offset}`;
}

const squash = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '_');

/** Candidate readings of `value`, most natural first; `listed` are the values an enum field allows. */
export function coercionsFor(value: unknown, listed: readonly string[] = []): Coercion[] {
  const out: Coercion[] = [];
  if (typeof value === 'number' && Number.isFinite(value)) {
    out.push({ value: String(value), was: 'a number', as: 'text' });
  }
  if (typeof value === 'boolean') out.push({ value: String(value), was: 'true/false', as: 'text' });
  if (typeof value !== 'string') return out;
  if (NUMERIC.test(value)) out.push({ value: Number(value), was: 'numeric text', as: 'a number' });
  const lower = value.trim().toLowerCase();
  if (lower === 'true' || lower === 'false') out.push({ value: lower === 'true', was: 'text', as: 'true/false' });
  const match = listed.find((entry) => squash(entry) === squash(value));
  if (match !== undefined)
    out.push({ value: match, was: 'a listed value in another spelling', as: 'the listed value' });
  const timestamp = normalTimestamp(value);
  if (timestamp !== null && timestamp !== value) {
    out.push({ value: timestamp, was: 'a timestamp in another spelling', as: 'a timestamp' });
  }
  // A day sent as a midnight timestamp, where a calendar date is expected.
  if (/^\d{4}-\d{2}-\d{2}[T ]/.test(value)) out.push({ value: value.slice(0, 10), was: 'a timestamp', as: 'a date' });
  // A timestamp sent as a bare day, where a timestamp is expected.
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) out.push({ value: `${value}T00:00:00`, was: 'a date', as: 'a timestamp' });
  return out;
}
