// What this station read from the service this session, in memory only, so that offline it can still show what it
// opened: bounded by entries and by size (least recently used goes first), cleared at sign-out, never on disk. Each read
// is tagged with the sign-in it started in: an answer that lands after a change of person is not kept.

/** The reads worth keeping: an order and everything its view shows, lots, the product catalogue, task lists. */
export const CACHED_READS: ReadonlySet<string> = new Set([
  'orders.get',
  'orders.statusHistory',
  // Not a service operation: the work queue main assembled from its reads (main/work/work-queue/), for an offline station.
  'workQueue.get',
  'patients.get',
  'patients.riskFactors',
  'prescriptions.get',
  'prescriptions.getElectronic',
  'prescriptions.statuses',
  // A review's reads (main/work/review/review-reads.ts): a decision recorded soon after reuses them.
  'prescriptions.list',
  'prescribers.get',
  'products.list',
  'inventory.get',
  'inventory.list',
  'inventory.listAssociations',
  'tasks.list',
  'tasks.get',
  'tasks.categories',
  'tasks.statuses',
]);

export interface CachedRead {
  value: unknown;
  /** When it was read, ms since epoch. */
  at: number;
}

export interface ReadCacheLimits {
  maxEntries: number;
  /** Rough size: the length of each answer as JSON, summed. */
  maxChars: number;
}

/** About 500 answers or 16 MB of JSON text, whichever comes first: a shift's orders, far from a memory problem. */
export const READ_CACHE_LIMITS: ReadCacheLimits = { maxEntries: 500, maxChars: 16_000_000 };

/** Which sign-in a read started in (a number that changes whenever the cache is cleared for a change of person). */
export type SignInTag = number;

export interface ReadCache {
  /** The tag of the sign-in now: take it before a read starts, hand it to `put` with the answer. */
  signIn(): SignInTag;
  /**
   * Keeps a successful read (only those in CACHED_READS) made in sign-in `startedIn`; one started before the person
   * changed is dropped. An order is also found by its number and external id.
   */
  put(operation: string, input: unknown, value: unknown, startedIn: SignInTag): void;
  get(operation: string, input: unknown): CachedRead | null;
  /** The order read under any identifier a scan can carry (UUID, order number, external id). */
  order(identifier: string): CachedRead | null;
  /** A service label's entity, once the service said what it names. */
  putLabel(code: string, entity: { type: string; id: string }): void;
  label(code: string): { type: string; id: string } | null;
  /** Forgets everything, and starts a new sign-in tag: reads in flight will not be kept. */
  clear(): void;
  size(): { entries: number; chars: number };
}

interface Entry extends CachedRead {
  chars: number;
  /** Other keys (an order's number, external id) that lead here. */
  aliases: string[];
}

/** The part of a call's input that names what was read: params and query, keys sorted, no signal or key. */
export function readKey(operation: string, input: unknown): string {
  const { params, query } = (input ?? {}) as { params?: unknown; query?: unknown };
  return `${operation} ${stable(params ?? {})} ${stable(query ?? {})}`;
}

function stable(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`).join(',')}}`;
}

const orderKey = (identifier: string) => readKey('orders.get', { params: { order_id: identifier } });

function orderIdentifiers(value: unknown): string[] {
  if (value === null || typeof value !== 'object') return [];
  const order = value as { id?: unknown; order_number?: unknown; external_id?: unknown };
  return [order.id, order.order_number, order.external_id].filter(
    (id): id is string => typeof id === 'string' && id !== '',
  );
}

export function createReadCache(limits: ReadCacheLimits = READ_CACHE_LIMITS, now: () => number = Date.now): ReadCache {
  // A Map iterates in insertion order: re-inserting on use makes the first key the least recently used.
  const entries = new Map<string, Entry>();
  const aliases = new Map<string, string>();
  const labels = new Map<string, { type: string; id: string }>();
  let chars = 0;
  let signIn: SignInTag = 1;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    chars -= entry.chars;
    for (const alias of entry.aliases) if (aliases.get(alias) === key) aliases.delete(alias);
  };
  const touch = (key: string): Entry | null => {
    const entry = entries.get(key);
    if (!entry) return null;
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  };
  const evict = () => {
    while (entries.size > limits.maxEntries || (chars > limits.maxChars && entries.size > 0)) {
      const oldest = entries.keys().next().value as string;
      remove(oldest);
    }
  };

  return {
    signIn: () => signIn,
    put(operation, input, value, startedIn) {
      if (startedIn !== signIn || !CACHED_READS.has(operation)) return;
      let text: string;
      try {
        text = JSON.stringify(value) ?? '';
      } catch {
        return;
      }
      if (text.length > limits.maxChars) return;
      // An order is kept once, under its UUID; its number and external id (and the id it was asked by) lead to it.
      const identifiers = operation === 'orders.get' ? orderIdentifiers(value) : [];
      const key = identifiers[0] ? orderKey(identifiers[0]) : readKey(operation, input);
      const also = identifiers.length > 0 ? [...identifiers.slice(1).map(orderKey), readKey(operation, input)] : [];
      remove(key);
      const entry: Entry = { value, at: now(), chars: text.length, aliases: also.filter((a) => a !== key) };
      entries.set(key, entry);
      chars += entry.chars;
      for (const alias of entry.aliases) aliases.set(alias, key);
      evict();
    },
    get(operation, input) {
      const key = readKey(operation, input);
      const entry = touch(key) ?? touch(aliases.get(key) ?? '');
      return entry ? { value: entry.value, at: entry.at } : null;
    },
    order(identifier) {
      return this.get('orders.get', { params: { order_id: identifier } });
    },
    putLabel(code, entity) {
      labels.delete(code);
      labels.set(code, entity);
      if (labels.size > limits.maxEntries) labels.delete(labels.keys().next().value as string);
    },
    label: (code) => labels.get(code) ?? null,
    clear() {
      signIn += 1;
      entries.clear();
      aliases.clear();
      labels.clear();
      chars = 0;
    },
    size: () => ({ entries: entries.size, chars }),
  };
}
