// The replay loop: sends the first waiting write of each task (a few tasks at once), records each outcome, backs off.
import type { Logger } from '../../platform/log/logger.ts';
import type { OutboxRepository } from './outbox-repository.ts';
import { retryWaitMs, verdictFor } from './outcome.ts';
import type { EntryRow } from './schema.ts';
import { type SendResult, sendEntry } from './send.ts';
import type { BackoffSettings, TasksClient } from './types.ts';

export interface ReplayDeps {
  entries: OutboxRepository;
  client: () => TasksClient | null;
  actor: () => string | null;
  log: Logger;
  /** Wall clock in ms. */
  now: () => number;
  concurrency: number;
  backoff: BackoffSettings;
  random: () => number;
  idlePollMs: number;
  keyRetentionMs: number;
  /** Tells the outbox which entries changed. */
  changed: (ids: string[]) => void;
  /** A stock change applied, with the service's answer (once per entry). */
  stockApplied?: ((row: EntryRow, answer: unknown) => void) | undefined;
}

/** How a send ended, recorded by the next pass of the loop (several outcomes share one commit). */
type Settled = { kind: 'sent'; row: EntryRow; result: SendResult } | { kind: 'threw'; row: EntryRow; error: unknown };

export class Replayer {
  private readonly deps: ReplayDeps;
  private running = false;
  private pumpQueued = false;
  /** Entries on the wire, until their outcome is recorded. */
  private readonly inFlight = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private settled: Settled[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private timerAt = Number.POSITIVE_INFINITY;
  /** While the service is away (network, 429, signed out) nothing is sent before this time. */
  private pausedUntil = 0;
  private consecutiveOutages = 0;

  constructor(deps: ReplayDeps) {
    this.deps = deps;
  }

  get active(): boolean {
    return this.running;
  }

  start(): void {
    this.running = true;
    this.kick();
  }

  /** Abandons sends in flight (their entries go back to the queue, uncertain) and waits until they have settled. */
  async stop(): Promise<void> {
    this.running = false;
    this.clearTimer();
    for (const { controller } of this.inFlight.values()) controller.abort();
    await Promise.allSettled([...this.inFlight.values()].map((f) => f.done));
    this.pass();
  }

  /** Look for work now: a new entry, a sign-in, the network back. */
  wake(): void {
    this.pausedUntil = 0;
    this.kick();
  }

  /** Coalesces many triggers into one pass on the next turn of the event loop. */
  kick(): void {
    if (this.pumpQueued) return;
    this.pumpQueued = true;
    setImmediate(() => {
      this.pumpQueued = false;
      this.pass();
    });
  }

  /**
   * One pass: record the outcomes that came in, then mark the next heads 'sending', all in one transaction. Each
   * commit is fsynced (synchronous FULL), so sharing one among several entries is most of the loop's speed.
   */
  private pass(): void {
    const { entries } = this.deps;
    const outcomes = this.settled;
    if (!this.running && outcomes.length === 0) return;
    this.settled = [];
    const now = this.deps.now();
    const client = this.running && now >= this.pausedUntil ? this.deps.client() : null;
    const actor = this.deps.actor();
    const launched: EntryRow[] = [];
    try {
      entries.db.transaction(() => {
        for (const outcome of outcomes) this.record(outcome, now);
        const free = this.deps.concurrency - this.inFlight.size;
        if (client === null || free <= 0 || now < this.pausedUntil) return;
        // Durably 'sending' before a byte leaves: after a crash the entry is known to need reconciling.
        for (const row of entries.readyHeads(now, actor, free))
          if (entries.markSending(row.id, now)) launched.push(row);
      });
    } catch (error) {
      // The database refused (disk full, locked...): the outcomes go unrecorded, and their entries, still marked as
      // sent, are reconciled on their next attempt as after a crash. Nothing is lost; the loop looks again later.
      for (const { row } of outcomes) {
        this.inFlight.delete(row.id);
        try {
          entries.requeue(row.id, now);
        } catch {
          // Still 'sending': the next start requeues it.
        }
      }
      this.deps.log.error('outbox could not record outcomes', { error: String(error), entries: outcomes.length });
      if (this.running) this.wakeAt(now + this.deps.idlePollMs);
      return;
    }
    const ids = [...outcomes.map((o) => o.row.id), ...launched.map((row) => row.id)];
    if (ids.length > 0) this.deps.changed(ids);
    if (client !== null) for (const row of launched) this.launch(row, client);
    if (this.running) this.scheduleNext(now, client !== null, actor);
  }

  private scheduleNext(now: number, haveClient: boolean, actor: string | null): void {
    if (now < this.pausedUntil) {
      this.wakeAt(this.pausedUntil);
    } else if (!haveClient) {
      this.wakeAt(now + this.deps.idlePollMs);
    } else {
      const due = this.deps.entries.nextDue(actor);
      if (due !== null && due > now) this.wakeAt(due);
    }
  }

  private launch(row: EntryRow, client: TasksClient): void {
    const controller = new AbortController();
    const done = sendEntry(row, {
      client,
      serviceIdFor: (placeholder) => this.deps.entries.serviceIdFor(placeholder),
      now: this.deps.now(),
      keyRetentionMs: this.deps.keyRetentionMs,
      signal: controller.signal,
    }).then(
      (result) => {
        this.settled.push({ kind: 'sent', row, result });
        this.kick();
      },
      (error: unknown) => {
        this.settled.push({ kind: 'threw', row, error });
        this.kick();
      },
    );
    this.inFlight.set(row.id, { controller, done });
  }

  /** `row` is as it was before markSending: its sent_at says whether an earlier send left the outcome unknown. */
  private record(outcome: Settled, now: number): void {
    const { row } = outcome;
    this.inFlight.delete(row.id);
    const fields = { id: row.id, kind: row.kind, attempt: row.attempts + 1 };
    if (outcome.kind === 'threw') {
      this.settleFailure(row, outcome.error, fields, now);
      return;
    }
    const { result } = outcome;
    if (result.kind === 'applied') {
      this.deps.entries.markDone(row, result.taskId, now);
      this.consecutiveOutages = 0;
      this.deps.log.info('outbox write applied', { ...fields, reconciled: result.reconciled });
      if (row.kind === 'stock') this.tellStockApplied(row, result.answer);
    } else {
      this.deps.entries.markFailed(row.id, result.problem, result.certain, now);
      const { code, status } = result.problem;
      this.deps.log.warn('outbox write parked', { ...fields, code, status });
    }
  }

  /** Main keeps the applied stock change; its failure is logged, never undoes the change the service made. */
  private tellStockApplied(row: EntryRow, answer: unknown): void {
    try {
      this.deps.stockApplied?.(row, answer);
    } catch (error) {
      this.deps.log.error('a stock change was applied but not kept', {
        id: row.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  private settleFailure(row: EntryRow, error: unknown, fields: Record<string, unknown>, now: number): void {
    const { entries, log, backoff, random } = this.deps;
    const verdict = verdictFor(error);
    switch (verdict.kind) {
      case 'stopped':
        entries.requeue(row.id, now);
        return;
      case 'park':
        entries.markFailed(row.id, verdict.problem, verdict.certain, now);
        log.warn('outbox write parked', { ...fields, code: verdict.problem.code, status: verdict.problem.status });
        return;
      case 'signed_out':
        // Not the write's fault: it keeps its place and waits for the next sign-in (wake) or the idle poll.
        entries.markRetry(row.id, verdict.problem, now, now);
        this.pausedUntil = Math.max(this.pausedUntil, now + this.deps.idlePollMs);
        log.warn('outbox paused until someone signs in', { ...fields, code: verdict.problem.code });
        return;
      case 'retry': {
        const wait = retryWaitMs(row.attempts + 1, verdict.retryAfterMs, backoff, random);
        entries.markRetry(row.id, verdict.problem, now + wait, now);
        if (verdict.global) {
          this.consecutiveOutages += 1;
          const pause = retryWaitMs(this.consecutiveOutages, verdict.retryAfterMs, backoff, random);
          this.pausedUntil = Math.max(this.pausedUntil, now + pause);
        }
        const { code, status } = verdict.problem;
        log.warn('outbox write will be retried', { ...fields, code, status, waitMs: wait });
      }
    }
  }

  private wakeAt(at: number): void {
    if (this.timer !== null && this.timerAt <= at) return;
    this.clearTimer();
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.timerAt = Number.POSITIVE_INFINITY;
        this.pass();
      },
      Math.max(0, at - this.deps.now()),
    );
    // A pending retry must not keep a process alive on its own (tests, the CLI); the app runs anyway.
    this.timer.unref?.();
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Number.POSITIVE_INFINITY;
  }
}
