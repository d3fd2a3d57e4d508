// The delivery worker: the queue that sends the outbox's pending webhook deliveries (webhook-job.ts) and emails
// (email-job.ts) outside any request, as many at once as its concurrency allows, each when its retry falls due.

import type { Db } from '../database/db.ts';
import type { BackgroundWorker } from '../deps/background-worker.ts';
import type { ServiceDeps } from '../deps/service-deps.ts';
import { type AttemptContext, failureEntry, nextTryAfter } from './attempt.ts';
import { sendEmail } from './email-job.ts';
import { createMailer, type Mailer } from './mailer.ts';
import { DELIVERY_TIMEOUT_MS } from './schedule.ts';
import { listenForWork, stopListening } from './wake.ts';
import { deliverWebhook } from './webhook-job.ts';

export interface DeliveryWorkerOptions {
  db: Db;
  /** The service clock: the timestamps people read (created, next attempt, delivered). */
  clock: () => Date;
  log: (entry: Record<string, unknown>) => void;
  /** Real wait = scheduled wait / scale (the simulation's speed; tests use a large one). */
  timeScale: () => number;
  timeoutMs: number;
  mailer: Mailer;
  /** Attempts under way at once, webhooks and emails together. */
  concurrency?: number;
  /** A look at the outbox at least this often (rows another writer queued without waking the worker). */
  pollMs?: number;
  random?: () => number;
}

/** The outbox's two queues: a pending row of either table is one job, keyed so it never runs twice at once. */
const QUEUES = [
  { table: 'webhook_deliveries', key: 'w' },
  { table: 'email_notifications', key: 'm' },
] as const;
type Queue = (typeof QUEUES)[number];

/** How long stop() waits for an email handed to SMTP or the disk; a webhook attempt is aborted at once. */
const STOP_GRACE_MS = 2_000;

export class DeliveryWorker implements BackgroundWorker {
  private readonly o: Required<DeliveryWorkerOptions>;
  private running = false;
  private generation = 0;
  private timer: NodeJS.Timeout | null = null;
  private abort = new AbortController();
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly poke = () => this.tick();

  constructor(options: DeliveryWorkerOptions) {
    this.o = { concurrency: 8, pollMs: 1_000, random: Math.random, ...options };
  }

  /** Picks up every pending row at once, those left from before a restart included. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.generation++;
    this.abort = new AbortController();
    listenForWork(this.o.db, this.poke);
    this.tick();
  }

  /** Aborts webhook attempts under way (they stay pending and go again after a restart) and lets go of every timer. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.generation++;
    stopListening(this.o.db, this.poke);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.abort.abort();
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.inFlight.values()]),
      new Promise((resolve) => {
        grace = setTimeout(resolve, STOP_GRACE_MS);
      }),
    ]);
    clearTimeout(grace);
    await this.o.mailer.close();
  }

  /** Starts what is due, as far as the concurrency allows, and sleeps until the next row falls due (or the poll). */
  private tick(): void {
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const { db, concurrency } = this.o;
    const nowMs = Date.now();
    const room = concurrency - this.inFlight.size;
    if (room > 0) {
      const limit = room + this.inFlight.size;
      const due = QUEUES.flatMap((queue) =>
        db
          .all<{ id: string }>(
            `SELECT id FROM ${queue.table} WHERE status = 'pending' AND due_ms <= ? ORDER BY due_ms, rowid LIMIT ?`,
            nowMs,
            limit,
          )
          .map((r) => ({ key: `${queue.key}:${r.id}`, run: () => this.attempt(queue, r.id) })),
      );
      for (const job of due) {
        if (this.inFlight.size >= concurrency) break;
        if (!this.inFlight.has(job.key)) this.track(job.key, job.run());
      }
    }
    const next = db.get<{ at: number | null }>(
      `SELECT MIN(due_ms) AS at FROM (${QUEUES.map((q) => `SELECT due_ms FROM ${q.table} WHERE status = 'pending' AND due_ms > ?`).join(' UNION ALL ')})`,
      ...QUEUES.map(() => nowMs),
    )?.at;
    const wait = Math.min(this.o.pollMs, next == null ? Number.POSITIVE_INFINITY : next - nowMs);
    this.timer = setTimeout(this.poke, Math.max(0, wait));
    this.timer.unref();
  }

  /** One attempt of a queue's job; its outcome counts only while this run of the worker lasts. */
  private attempt(queue: Queue, id: string): Promise<void> {
    const generation = this.generation;
    const { db, clock, timeScale, random, log } = this.o;
    const context: AttemptContext = {
      db,
      clock,
      signal: this.abort.signal,
      stillCurrent: () => generation === this.generation,
      nextTry: (attempt) => nextTryAfter(attempt, clock, timeScale, random),
      logFailure: (failure) => log(failureEntry(failure)),
    };
    return queue.key === 'w' ? deliverWebhook(id, context, this.o.timeoutMs) : sendEmail(id, context, this.o.mailer);
  }

  private track(key: string, work: Promise<void>): void {
    const generation = this.generation;
    const done = work
      .catch((error: unknown) => {
        if (generation === this.generation) {
          this.o.log({ level: 'error', msg: 'delivery worker failed', job: key, error: String(error) });
        }
      })
      .finally(() => {
        this.inFlight.delete(key);
        if (this.running) setImmediate(this.poke);
      });
    this.inFlight.set(key, done);
  }
}

/** The service's worker, from its options: time scale, receiver time limit, mailbox folder or SMTP server. */
export function createDeliveryWorker(deps: ServiceDeps): DeliveryWorker {
  const { options } = deps;
  const scale = options.deliveryTimeScale ?? 1;
  if (typeof scale === 'number' && !(Number.isFinite(scale) && scale > 0)) {
    throw new Error('deliveryTimeScale must be a positive number');
  }
  const timeoutMs = options.deliveryTimeoutMs ?? DELIVERY_TIMEOUT_MS;
  if (!(Number.isFinite(timeoutMs) && timeoutMs > 0)) throw new Error('deliveryTimeoutMs must be a positive number');
  return new DeliveryWorker({
    db: deps.db,
    clock: deps.clock,
    log: deps.log,
    timeScale: typeof scale === 'function' ? scale : () => scale,
    timeoutMs,
    mailer: createMailer({
      db: options.db,
      ...(options.mailboxDir ? { mailboxDir: options.mailboxDir } : {}),
      ...(options.smtpUrl ? { smtpUrl: options.smtpUrl } : {}),
    }),
  });
}
