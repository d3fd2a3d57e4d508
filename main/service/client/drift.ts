// The drift log: how often, per operation and field path, the station had to coerce or drop what the service sent,
// or refuse an answer whose identity did not read. Kinds of values only, never values: no PHI, no token.

import type { ServiceLogger } from './service-logger.ts';
import type { DriftNote } from './tolerant-read.ts';

export interface DriftEntry {
  operation: string;
  /** `products.prescription[].formula_id`; `[]` is any element of a list. */
  path: string;
  kind: 'coerced' | 'dropped' | 'refused';
  /** `a number`, `an unknown value`, `id is missing`. */
  was: string;
  as?: string;
  count: number;
  /** ISO instants on the station's clock. */
  firstSeen: string;
  lastSeen: string;
}

export interface DriftLog {
  /** Notes of one answer of `operation`; each distinct one is written to the log the first time it is seen. */
  record(operation: string, notes: readonly DriftNote[]): void;
  /** An answer of `operation` refused because its identity did not read. */
  refused(operation: string, reason: string): void;
  /** Most frequent first. */
  entries(): DriftEntry[];
  /** When counting began (the station's start). */
  since(): string;
}

/**
 * Distinct (operation, path, kind, was) kept; past this a new kind of coercion or drop is only logged, not counted.
 * Refusals have their own room: they are what hides a record, so a flood of small drift never pushes them out.
 */
export const DRIFT_KINDS_KEPT = 500;
const REFUSAL_KINDS_KEPT = 100;

export function createDriftLog(options: { log?: ServiceLogger; now?: () => Date } = {}): DriftLog {
  const now = options.now ?? (() => new Date());
  const started = now().toISOString();
  const kept = new Map<string, DriftEntry>();
  let driftKinds = 0;
  let refusalKinds = 0;

  function count(entry: Omit<DriftEntry, 'count' | 'firstSeen' | 'lastSeen'>): void {
    const key = [entry.operation, entry.path, entry.kind, entry.was].join('\u0000');
    const at = now().toISOString();
    const known = kept.get(key);
    if (known) {
      known.count += 1;
      known.lastSeen = at;
      return;
    }
    options.log?.warn('the service sent something the station had to read differently', {
      operation: entry.operation,
      path: entry.path,
      drift: entry.kind,
      was: entry.was,
      ...(entry.as ? { readAs: entry.as } : {}),
    });
    const refusal = entry.kind === 'refused';
    if (refusal ? refusalKinds >= REFUSAL_KINDS_KEPT : driftKinds >= DRIFT_KINDS_KEPT) return;
    if (refusal) refusalKinds += 1;
    else driftKinds += 1;
    kept.set(key, { ...entry, count: 1, firstSeen: at, lastSeen: at });
  }

  return {
    record(operation, notes) {
      for (const note of notes) count({ operation, ...note });
    },
    refused(operation, reason) {
      count({ operation, path: '(answer)', kind: 'refused', was: reason });
    },
    entries: () =>
      [...kept.values()]
        .map((entry) => ({ ...entry }))
        .sort((a, b) => b.count - a.count || a.operation.localeCompare(b.operation) || a.path.localeCompare(b.path)),
    since: () => started,
  };
}
