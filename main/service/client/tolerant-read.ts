// Reads a service answer by field, walking the operation's own zod response schema: a record whose identity (the
// schema's required fields) reads is kept; any other field that does not fit is coerced when harmless or dropped, and
// each such repair is noted (path and kind of value, never the value) for the drift log.
import { z } from 'zod';
import { coercionsFor, kindOf } from './coercions.ts';

/** One repair: where (`products.prescription[].formula_id`), what was there (`a number`), and what was done. */
export interface DriftNote {
  path: string;
  kind: 'coerced' | 'dropped';
  was: string;
  /** For a coercion: what it was read as (`text`). */
  as?: string;
}

export type ReadResult = { ok: true; value: unknown; notes: DriftNote[] } | { ok: false; reason: string; notes: [] };

type Repaired = { ok: true; value: unknown } | { ok: false; reason: string };

type Schema = z.core.$ZodType;

/** What a wrapper (optional, nullable, default, catch, readonly…) wraps, or null for any other schema. */
function unwrapped(schema: Schema): Schema | null {
  const wrapper =
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodExactOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodPrefault ||
    schema instanceof z.ZodCatch ||
    schema instanceof z.ZodReadonly ||
    schema instanceof z.ZodNonOptional;
  return wrapper ? schema.unwrap() : null;
}

/** A field that may be left out (zod's own test: what `isOptional` did, which it now advises). */
const isOptional = (schema: Schema) => z.safeParse(schema, undefined).success;
const fits = (schema: Schema, value: unknown) => z.safeParse(schema, value).success;
const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

/**
 * `schema`'s output for `raw`, read tolerantly. Refused only when a required field (the identity: an order's id and
 * order_number, a lot's id, a search answer's `results`) cannot be read, or the answer is not the expected shape.
 */
export function readTolerantly(schema: z.ZodType, raw: unknown): ReadResult {
  const direct = schema.safeParse(raw);
  if (direct.success) return { ok: true, value: direct.data, notes: [] };
  const notes: DriftNote[] = [];
  const repaired = repair(schema, raw, '', true, notes);
  if (!repaired.ok) return { ok: false, reason: repaired.reason, notes: [] };
  const parsed = schema.safeParse(repaired.value);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') || 'the answer';
    return { ok: false, reason: `${where} could not be read`, notes: [] };
  }
  return { ok: true, value: parsed.data, notes };
}

/** `required`: the value sits where the schema demands it (identity); it is then read as described or not at all. */
function repair(schema: Schema, value: unknown, path: string, required: boolean, notes: DriftNote[]): Repaired {
  if (fits(schema, value)) return { ok: true, value };
  const inner = unwrapped(schema);
  if (inner) return repair(inner, value, path, required, notes);
  if (schema instanceof z.ZodObject) return repairObject(schema, value, path, notes);
  if (schema instanceof z.ZodArray) return repairArray(schema, value, path, notes);
  if (schema instanceof z.ZodRecord) return repairRecord(schema, value, path, notes);
  if (schema instanceof z.ZodUnion) return repairUnion(schema, value, path, required, notes);
  if (schema instanceof z.ZodLazy) return repair(schema.unwrap(), value, path, required, notes);
  if (schema instanceof z.ZodPipe) {
    // A transform's input side is what the wire carries: repair that, then the whole pipe must take it.
    const read = repair(schema.in, value, path, required, notes);
    return read.ok && fits(schema, read.value) ? read : refused(path, value);
  }
  return repairLeaf(schema, value, path, required, notes);
}

function refused(path: string, value: unknown): Repaired {
  const where = path === '' ? 'the answer' : path;
  return { ok: false, reason: value === undefined ? `${where} is missing` : `${where} was ${kindOf(value)}` };
}

/** The reason a part could not be read, said of that part: `a record whose id is missing`, `a number`, `missing`. */
function relative(reason: string, path: string): string {
  if (reason.startsWith(`${path}.`)) return `a record whose ${reason.slice(path.length + 1)}`;
  if (reason.startsWith(`${path} was `)) return reason.slice(path.length + 5);
  return reason === `${path} is missing` ? 'missing' : reason;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function repairObject(schema: z.ZodObject, value: unknown, path: string, notes: DriftNote[]): Repaired {
  if (!isPlainObject(value)) return refused(path, value);
  const out: Record<string, unknown> = { ...value };
  const shape: Record<string, Schema> = schema.shape;
  for (const [key, field] of Object.entries(shape)) {
    const optional = isOptional(field);
    const here = join(path, key);
    const read = repair(field, value[key], here, !optional, notes);
    if (read.ok) {
      if (read.value !== undefined || key in value) out[key] = read.value;
      continue;
    }
    // A required field is the record's identity: without it there is no record to show.
    if (!optional) return read;
    delete out[key];
    const inner = value[key];
    const was = inner !== null && typeof inner === 'object' ? relative(read.reason, here) : described(inner, field);
    notes.push({ path: here, kind: 'dropped', was });
  }
  // A strict object has no room for extra fields: they are dropped (a loose one passes them through untouched).
  if (schema.def.catchall instanceof z.ZodNever) {
    for (const key of Object.keys(out)) {
      if (Object.hasOwn(shape, key)) continue;
      delete out[key];
      notes.push({ path: join(path, key), kind: 'dropped', was: 'an unexpected field' });
    }
  }
  return fits(schema, out) ? { ok: true, value: out } : refused(path, value);
}

function repairArray(schema: z.ZodArray, value: unknown, path: string, notes: DriftNote[]): Repaired {
  if (!Array.isArray(value)) return refused(path, value);
  const here = `${path}[]`;
  let items: unknown[] = value;
  // Some rendered examples of the service nest a list one level too deep: `[[a, b]]` is read as `[a, b]`.
  if (value.length > 0 && value.every(Array.isArray) && !(schema.element instanceof z.ZodArray)) {
    items = value.flat();
    notes.push({ path: here, kind: 'coerced', was: 'a list nested in a list', as: 'one list' });
  }
  const out: unknown[] = [];
  for (const item of items) {
    const read = repair(schema.element, item, here, false, notes);
    if (read.ok) out.push(read.value);
    else notes.push({ path: here, kind: 'dropped', was: relative(read.reason, here) });
  }
  return { ok: true, value: out };
}

function repairRecord(schema: z.ZodRecord, value: unknown, path: string, notes: DriftNote[]): Repaired {
  if (!isPlainObject(value)) return refused(path, value);
  const out: Record<string, unknown> = {};
  const here = `${path}{}`;
  for (const [key, item] of Object.entries(value)) {
    const read = repair(schema.valueType, item, here, false, notes);
    if (read.ok) out[key] = read.value;
    else notes.push({ path: here, kind: 'dropped', was: relative(read.reason, here) });
  }
  return { ok: true, value: out };
}

/** The first option that reads, preferring the one that needed the fewest repairs. */
function repairUnion(
  schema: z.ZodUnion,
  value: unknown,
  path: string,
  required: boolean,
  notes: DriftNote[],
): Repaired {
  let best: { value: unknown; notes: DriftNote[] } | null = null;
  let firstFailure: Repaired | null = null;
  for (const option of schema.options) {
    const trial: DriftNote[] = [];
    const read = repair(option, value, path, required, trial);
    if (!read.ok) {
      firstFailure ??= read;
      continue;
    }
    if (!best || trial.length < best.notes.length) best = { value: read.value, notes: trial };
  }
  if (!best) return firstFailure ?? refused(path, value);
  notes.push(...best.notes);
  return { ok: true, value: best.value };
}

/** A leaf (text, number, enum, timestamp): a harmless coercion when one fits, never for an identity field. */
function repairLeaf(schema: Schema, value: unknown, path: string, required: boolean, notes: DriftNote[]): Repaired {
  if (!required) {
    for (const candidate of coercionsFor(value, enumEntries(schema))) {
      if (!fits(schema, candidate.value)) continue;
      notes.push({ path, kind: 'coerced', was: candidate.was, as: candidate.as });
      return { ok: true, value: candidate.value };
    }
  }
  return refused(path, value);
}

/** `an unknown value` for text an enum does not list; else the kind of value (`a number`, `text`, `null`). */
function described(value: unknown, schema: Schema): string {
  let inner = schema;
  for (let next = unwrapped(inner); next; next = unwrapped(inner)) inner = next;
  return typeof value === 'string' && inner instanceof z.ZodEnum ? 'an unknown value' : kindOf(value);
}

function enumEntries(schema: Schema): readonly string[] {
  if (!(schema instanceof z.ZodEnum)) return [];
  return schema.options.filter((entry): entry is string => typeof entry === 'string');
}
