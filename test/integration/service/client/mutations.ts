// Mutations of a real answer for the tolerant-reading property test: type swaps, nulls, missing keys, extra and
// nested extra keys, unknown enum text, odd timestamps, numbers as text; and the identity keys a record is known by.
import fc from 'fast-check';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Path = (string | number)[];

/** The keys that identify a record somewhere in an answer (the contract's required fields of the families tested). */
export const IDENTITY_KEYS = new Set(['id', 'order_number', 'product_id', 'code', 'credential_code']);

/** Every path in `value` (root excluded), depth first. */
export function pathsOf(value: Json, prefix: Path = []): Path[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => [[...prefix, index], ...pathsOf(item, [...prefix, index])]);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [[...prefix, key], ...pathsOf(item, [...prefix, key])]);
  }
  return [];
}

/** Object paths (root included): where an extra key can go. */
export function objectPathsOf(value: Json, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => objectPathsOf(item, [...prefix, index]));
  if (value !== null && typeof value === 'object') {
    return [prefix, ...Object.entries(value).flatMap(([key, item]) => objectPathsOf(item, [...prefix, key]))];
  }
  return [];
}

export function at(value: Json, path: Path): Json | undefined {
  let here: Json | undefined = value;
  for (const key of path) {
    if (here === null || typeof here !== 'object') return undefined;
    here = (here as Record<string | number, Json>)[key];
  }
  return here;
}

export type Mutation =
  | { kind: 'set'; path: Path; value: Json | undefined; why: string }
  | { kind: 'extra'; path: Path; key: string; value: Json; why: string };

/** A copy of `value` with the mutation applied (`undefined` deletes the key, or the element of a list). */
export function applied(value: Json, mutation: Mutation): Json {
  const copy = structuredClone(value);
  if (mutation.kind === 'extra') {
    const target = at(copy, mutation.path) as Record<string, Json>;
    target[mutation.key] = mutation.value;
    return copy;
  }
  const parent = at(copy, mutation.path.slice(0, -1)) as Record<string | number, Json> | Json[];
  const key = mutation.path.at(-1) as string | number;
  if (mutation.value !== undefined) (parent as Record<string | number, Json>)[key] = mutation.value;
  else if (Array.isArray(parent)) parent.splice(key as number, 1);
  else delete (parent as Record<string, Json>)[key];
  return copy;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T/;

/** Spellings of a timestamp the real service (or a proxy) may use, and some no reader should guess at. */
function oddTimestamps(text: string): fc.Arbitrary<string> {
  const day = text.slice(0, 10);
  const time = text.slice(11, 19);
  return fc.constantFrom(
    `${day}T${time}.920593`,
    `${day}T${time}`,
    `${day} ${time}`,
    `${day}T${time}+0000`,
    `${day}T${time}.123z`,
    `${day}T${time}-05:00`,
    day,
    '31/12/2025 10:00',
    'yesterday',
  );
}

const anything: fc.Arbitrary<Json> = fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>;

/** A mutation of a field that is not the answer's own identity (a nested record's id may change: it is then left out). */
export function fieldMutation(record: Json, rootIdentity: readonly string[]): fc.Arbitrary<Mutation> {
  const paths = pathsOf(record).filter((path) => !(path.length === 1 && rootIdentity.includes(String(path[0]))));
  const objects = objectPathsOf(record);
  const onPath = (path: Path): fc.Arbitrary<Mutation> => {
    const current = at(record, path);
    const options: fc.Arbitrary<Mutation>[] = [
      anything.map((value) => ({ kind: 'set' as const, path, value, why: 'type swap' })),
      fc.constant({ kind: 'set' as const, path, value: null, why: 'null' }),
      fc.constant({ kind: 'set' as const, path, value: undefined, why: 'missing' }),
      fc
        .stringMatching(/^[A-Z][A-Za-z_ ]{0,15}$/)
        .map((value) => ({ kind: 'set' as const, path, value, why: 'unknown enum text' })),
    ];
    if (typeof current === 'number') {
      options.push(fc.constant({ kind: 'set' as const, path, value: String(current), why: 'number as text' }));
    }
    if (typeof current === 'string' && /^-?\d+(\.\d+)?$/.test(current)) {
      options.push(fc.constant({ kind: 'set' as const, path, value: Number(current), why: 'text as number' }));
    }
    if (typeof current === 'string' && TIMESTAMP.test(current)) {
      options.push(
        oddTimestamps(current).map((value) => ({ kind: 'set' as const, path, value, why: 'odd timestamp' })),
      );
    }
    if (typeof current === 'string' && /^[a-z_]+$/.test(current)) {
      const title = current.replace(
        /(^|_)([a-z])/g,
        (_, sep: string, c: string) => `${sep ? ' ' : ''}${c.toUpperCase()}`,
      );
      options.push(fc.constant({ kind: 'set' as const, path, value: title, why: 'title case' }));
    }
    return fc.oneof(...options);
  };
  const extra = fc
    .tuple(fc.constantFrom(...objects), fc.stringMatching(/^[a-z][a-z_]{0,12}$/), anything, fc.boolean())
    .filter(([path, key]) => at(record, [...path, key]) === undefined)
    .map(([path, key, value, nested]) => ({
      kind: 'extra' as const,
      path,
      key,
      value: nested ? ({ nested: { deeper: value } } as Json) : value,
      why: nested ? 'nested extra key' : 'extra key',
    }));
  return fc.oneof({ arbitrary: fc.constantFrom(...paths).chain(onPath), weight: 4 }, { arbitrary: extra, weight: 1 });
}

/** A mutation that leaves the answer's own identity unreadable: missing, null, empty, or of another type. */
export function identityMutation(rootIdentity: readonly string[]): fc.Arbitrary<Mutation> {
  return fc
    .tuple(
      fc.constantFrom(...rootIdentity),
      fc.constantFrom<Json | undefined>(undefined, null, '', 42, true, [], { id: 'x' }),
    )
    .map(([key, value]) => ({ kind: 'set' as const, path: [key], value, why: 'identity' }));
}

/**
 * The identities (`id=…`) that must survive `mutation`: all of the original's, except those inside the part it
 * touched; a touched identity key takes its whole record with it (that record is then left out, nothing else).
 */
export function survivingIdentities(record: Json, mutation: Mutation): string[] {
  let touched: Path = mutation.path;
  if (mutation.kind === 'set' && IDENTITY_KEYS.has(String(touched.at(-1)))) touched = touched.slice(0, -1);
  const out: string[] = [];
  const walk = (value: Json, path: Path) => {
    if (mutation.kind === 'set' && touched.length <= path.length && touched.every((key, i) => path[i] === key)) return;
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) walk(item, [...path, index]);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (IDENTITY_KEYS.has(key) && typeof item === 'string') out.push(`${key}=${item}`);
        else walk(item, [...path, key]);
      }
    }
  };
  walk(record, []);
  return out.sort();
}

/** Every `key=value` identity in an answer, sorted. */
export function identitiesOf(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) identitiesOf(item, out);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (IDENTITY_KEYS.has(key) && typeof item === 'string') out.push(`${key}=${item}`);
      else identitiesOf(item, out);
    }
  }
  return out.sort();
}
