// The delivery worker: sends the outbox's pending webhook deliveries and emails outside any request, retrying on the schedule.

import type { BackgroundWorker } from '../background-worker.ts';
import type { Db } from '../database/db.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { emailBody } from './mail-text.ts';
import { createMailer, type Mailer } from './mailer.ts';
import { type AttemptResult, postJson } from './post.ts';
import { DELIVERY_TIMEOUT_MS, MAX_ATTEMPTS, realDelayMs, retryDelayMs } from './schedule.ts';
import { currentSecret } from './secret.ts';
import { listenForWork, stopListening } from './wake.ts';

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

interface DeliveryRow {
  url: string;
  body: string;
  signed: number;
  attempts: number;
  status: string;
  history: string;
}

interface EmailRow {
  event_id: string;
  event_code: string;
  to_address: string;
  subject: string;
  attempts: number;
  status: string;
  data: string;
  created_at: string;
}

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
      const due = [
        ...db
          .all<{ id: string }>(
            "SELECT id FROM webhook_deliveries WHERE status = 'pending' AND due_ms <= ? ORDER BY due_ms, rowid LIMIT ?",
            nowMs,
            limit,
          )
          .map((r) => ({ key: `w:${r.id}`, run: () => this.deliver(r.id) })),
        ...db
          .all<{ id: string }>(
            "SELECT id FROM email_notifications WHERE status = 'pending' AND due_ms <= ? ORDER BY due_ms, rowid LIMIT ?",
            nowMs,
            limit,
          )
          .map((r) => ({ key: `m:${r.id}`, run: () => this.mail(r.id) })),
      ];
      for (const job of due) {
        if (this.inFlight.size >= concurrency) break;
        if (!this.inFlight.has(job.key)) this.track(job.key, job.run());
      }
    }
    const next = db.get<{ at: number | null }>(
      `SELECT MIN(due_ms) AS at FROM (
         SELECT due_ms FROM webhook_deliveries WHERE status = 'pending' AND due_ms > ?
         UNION ALL SELECT due_ms FROM email_notifications WHERE status = 'pending' AND due_ms > ?)`,
      nowMs,
      nowMs,
    )?.at;
    const wait = Math.min(this.o.pollMs, next == null ? Number.POSITIVE_INFINITY : next - nowMs);
    this.timer = setTimeout(this.poke, Math.max(0, wait));
    this.timer.unref();
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

  /** One webhook attempt; the secret is read now, so a rotation applies to retries already queued. */
  private async deliver(id: string): Promise<void> {
    const { db, clock } = this.o;
    const generation = this.generation;
    const row = db.get<DeliveryRow>(
      'SELECT url, body, signed, attempts, status, history FROM webhook_deliveries WHERE id = ?',
      id,
    );
    if (row?.status !== 'pending') return;
    const secret = row.signed === 1 ? currentSecret(db) : null;
    const headers: Record<string, string> = { 'X-Delivery-Id': id };
    if (secret) headers.Authorization = `Bearer ${secret}`;
    const started = performance.now();
    const result = await postJson(row.url, row.body, headers, this.o.timeoutMs, this.abort.signal);
    if (result.stopped || generation !== this.generation) return;
    const attempt = row.attempts + 1;
    const at = clock().toISOString();
    const history = [
      ...(JSON.parse(row.history) as unknown[]),
      { attempt, at, status_code: result.statusCode, error: result.error, ms: Math.round(performance.now() - started) },
    ];
    const next = result.ok ? null : this.nextTry(attempt);
    db.run(
      `UPDATE webhook_deliveries SET status = ?, attempts = ?, last_status_code = ?, last_error = ?, next_attempt_at = ?,
         due_ms = ?, delivered_at = ?, history = ?, updated_at = ? WHERE id = ?`,
      result.ok ? 'delivered' : next ? 'pending' : 'failed',
      attempt,
      result.statusCode,
      result.error,
      next?.at ?? null,
      next?.dueMs ?? null,
      result.ok ? at : null,
      JSON.stringify(history),
      at,
      id,
    );
    if (!result.ok) this.logFailure('webhook', id, row.url, attempt, result, next !== null);
  }

  /** One email: composed now from the stored event, written to the mailbox folder or sent by SMTP. */
  private async mail(id: string): Promise<void> {
    const { db, clock } = this.o;
    const generation = this.generation;
    const row = db.get<EmailRow>(
      `SELECT m.event_id, m.event_code, m.to_address, m.subject, m.attempts, m.status, e.data, e.created_at
         FROM email_notifications m JOIN notification_events e ON e.id = m.event_id WHERE m.id = ?`,
      id,
    );
    if (row?.status !== 'pending') return;
    const data = JSON.parse(row.data) as Record<string, unknown>;
    let receipt: Awaited<ReturnType<Mailer['send']>> | null = null;
    let error: string | null = null;
    try {
      receipt = await this.o.mailer.send({
        id,
        to: row.to_address,
        subject: row.subject,
        text: emailBody(row.event_code, data, row.event_id),
        eventCode: row.event_code,
        eventId: row.event_id,
        date: new Date(row.created_at),
      });
    } catch (cause) {
      error = (cause instanceof Error ? cause.message : String(cause)).slice(0, 300);
    }
    if (generation !== this.generation) return;
    const attempt = row.attempts + 1;
    const at = clock().toISOString();
    const next = receipt ? null : this.nextTry(attempt);
    db.run(
      `UPDATE email_notifications SET status = ?, attempts = ?, last_error = ?, due_ms = ?, transport = ?,
         file_name = ?, file_path = ?, sent_at = ? WHERE id = ?`,
      receipt ? 'sent' : next ? 'pending' : 'failed',
      attempt,
      error,
      next?.dueMs ?? null,
      receipt?.transport ?? null,
      receipt?.fileName ?? null,
      receipt?.filePath ?? null,
      receipt ? at : null,
      id,
    );
    if (!receipt) {
      const failed = { ok: false, statusCode: null, error, stopped: false };
      this.logFailure('email', id, null, attempt, failed, next !== null);
    }
  }

  /** When to try again after the `attempt`-th failure, or null when that was the last attempt. */
  private nextTry(attempt: number): { at: string; dueMs: number } | null {
    if (attempt >= MAX_ATTEMPTS) return null;
    const delay = retryDelayMs(attempt, this.o.random);
    return {
      at: new Date(this.o.clock().getTime() + delay).toISOString(),
      dueMs: Date.now() + realDelayMs(delay, this.o.timeScale()),
    };
  }

  private logFailure(
    channel: string,
    id: string,
    url: string | null,
    attempt: number,
    result: AttemptResult,
    willRetry: boolean,
  ): void {
    // The host only: a receiver's path or query may carry its own token, and no token goes into a log.
    const host = url ? new URL(url).host : undefined;
    this.o.log({
      level: 'info',
      msg: willRetry ? `${channel} attempt failed; will retry` : `${channel} delivery failed for good`,
      id,
      host,
      attempt,
      error: result.error,
    });
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
