// createOutbox: the durable queue of task writes and stock changes, its API for the renderer (through IPC) and its replay loop.
import { randomUUID } from 'node:crypto';
import type { InventoryLot } from '../../../contract/service/inventory.ts';
import { OutboxRepository } from './outbox-repository.ts';
import { discardEntry, editEntry, retryEntry } from './person-decisions.ts';
import { Replayer } from './replay.ts';
import { storedAdjustmentOf } from './schema.ts';
import {
  type BackoffSettings,
  type Outbox,
  type OutboxChange,
  OutboxError,
  type OutboxOptions,
  type OutboxState,
  type OutboxWrite,
} from './types.ts';
import { checkBody, checkWrite } from './write.ts';

const HOUR = 3_600_000;
const DEFAULT_BACKOFF: BackoffSettings = { baseMs: 1_000, maxMs: 60_000 };
const ALL_STATES: readonly OutboxState[] = ['queued', 'sending', 'failed', 'done'];
/** The service keeps keys 24 h (training/http/idempotency.ts); an hour less allows for clock skew. */
const DEFAULT_KEY_RETENTION_MS = 23 * HOUR;
/** A placeholder's service id is remembered this long after its last entry went, for late writes that name it. */
const PLACEHOLDER_MEMORY_MS = 30 * 24 * HOUR;

export function createOutbox(options: OutboxOptions): Outbox {
  const repository = new OutboxRepository(options.dataDir);
  const log = options.log;
  const now = () => (options.clock ? options.clock().getTime() : Date.now());
  const signedIn = options.signedIn ?? (() => 'unknown' as const);
  /** Whom an entry replays under: the id (else e-mail) of who queued it; null for nobody known. */
  const actor = () => {
    const by = signedIn();
    return by === 'unknown' ? null : (by.id ?? by.email);
  };
  const listeners = new Set<(change: OutboxChange) => void>();
  let closed = false;
  let pruneTimer: ReturnType<typeof setInterval> | null = null;

  function changed(ids: string[]): void {
    if (listeners.size === 0 || closed) return;
    const change: OutboxChange = { counts: repository.counts(), ids };
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (error) {
        log.error('outbox listener failed', { error: error instanceof Error ? error.message : String(error) });
      }
    }
  }

  const replayer = new Replayer({
    entries: repository,
    client: options.client,
    actor,
    log,
    now,
    concurrency: Math.max(1, Math.trunc(options.concurrency ?? 4)),
    backoff: { ...DEFAULT_BACKOFF, ...options.backoff },
    random: options.random ?? Math.random,
    idlePollMs: options.idlePollMs ?? 15_000,
    keyRetentionMs: options.keyRetentionMs ?? DEFAULT_KEY_RETENTION_MS,
    changed,
    stockApplied: (row, answer) => {
      const body = storedAdjustmentOf(row);
      options.onStockTaken?.({
        params: { lot_id: row.task_key },
        body,
        lot: (answer as InventoryLot | undefined) ?? null,
      });
    },
  });

  function open(): void {
    if (closed) throw new OutboxError('closed', 'The outbox is closed.');
  }

  function prune(): void {
    const at = now();
    const removed = repository.prune(at - (options.keepDoneMs ?? 24 * HOUR), at - PLACEHOLDER_MEMORY_MS);
    if (removed > 0) log.debug('outbox pruned done entries', { removed });
  }

  async function stop(): Promise<void> {
    if (pruneTimer !== null) clearInterval(pruneTimer);
    pruneTimer = null;
    await replayer.stop();
  }

  return {
    async enqueue(write: OutboxWrite) {
      open();
      const { key, ...checked } = checkWrite(write);
      // A write that names itself (a stock change's key) is queued once: again, it is the entry already queued.
      const earlier = key === null ? null : repository.find(key);
      if (earlier) return earlier;
      const entry = repository.insert({
        id: key ?? randomUUID(),
        ...checked,
        actor: actor(),
        queuedBy: signedIn(),
        now: now(),
      });
      log.info('outbox write queued', { id: entry.id, kind: entry.kind });
      changed([entry.id]);
      replayer.kick();
      return entry;
    },

    entries(filter = {}) {
      open();
      return repository.list(filter.states ?? ALL_STATES, Math.max(1, Math.min(filter.limit ?? 1000, 10_000)));
    },

    get(id) {
      open();
      return repository.find(id);
    },

    counts() {
      open();
      return repository.counts();
    },

    retry(id) {
      open();
      retryEntry(repository, id, now());
      log.info('outbox write retried by a person', { id });
      changed([id]);
      replayer.wake();
      return repository.require(id);
    },

    edit(id, body) {
      open();
      const row = repository.row(id);
      if (!row) throw new OutboxError('not_found', 'That queued change no longer exists.');
      if (row.state !== 'failed')
        throw new OutboxError('wrong_state', 'Only a change the service refused can be edited.');
      if (row.sent_at !== null) {
        // It may have applied: a different body under a new key could do the change twice.
        throw new OutboxError(
          'wrong_state',
          'This change may already have reached the service, so it cannot be edited; retry it as it is, or discard it.',
        );
      }
      editEntry(repository, id, checkBody(row.kind, body), now());
      log.info('outbox write edited by a person', { id, kind: row.kind });
      changed([id]);
      return repository.require(id);
    },

    discard(id) {
      open();
      const row = repository.row(id);
      if (!row) throw new OutboxError('not_found', 'That queued change no longer exists.');
      if (row.state === 'sending') {
        throw new OutboxError('wrong_state', 'This change is being sent right now; wait for its outcome.');
      }
      if (row.state === 'done') throw new OutboxError('wrong_state', 'This change has already been applied.');
      const ids = discardEntry(repository, row, now());
      log.info('outbox write discarded by a person', { id, kind: row.kind, alsoParked: ids.length - 1 });
      changed(ids);
      replayer.kick();
    },

    onChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    start() {
      open();
      if (replayer.active) return;
      const abandoned = repository.requeueAbandoned(now());
      if (abandoned.length > 0) {
        log.warn('outbox found writes whose outcome is unknown; they will be reconciled', { count: abandoned.length });
        changed(abandoned);
      }
      prune();
      pruneTimer = setInterval(prune, HOUR);
      pruneTimer.unref?.();
      replayer.start();
    },

    stop,

    wake() {
      replayer.wake();
    },

    async close() {
      if (closed) return;
      await stop();
      closed = true;
      listeners.clear();
      repository.close();
    },
  };
}
