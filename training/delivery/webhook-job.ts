// One webhook attempt: POST the stored body to the subscription's URL, then record the outcome and the next try.
import { z } from 'zod';
import { parseStoredJson } from '../../kits/json/stored-json.ts';
import type { AttemptContext } from './attempt.ts';
import { postJson } from './post.ts';
import { currentSecret } from './secret.ts';

interface DeliveryRow {
  url: string;
  body: string;
  signed: number;
  attempts: number;
  status: string;
  history: string;
}

/** The secret is read now, so a rotation applies to retries already queued. */
export async function deliverWebhook(id: string, context: AttemptContext, timeoutMs: number): Promise<void> {
  const { db, clock } = context;
  const row = db.get<DeliveryRow>(
    'SELECT url, body, signed, attempts, status, history FROM webhook_deliveries WHERE id = ?',
    id,
  );
  if (row?.status !== 'pending') return;
  const secret = row.signed === 1 ? currentSecret(db) : null;
  const headers: Record<string, string> = { 'X-Delivery-Id': id };
  if (secret) headers.Authorization = `Bearer ${secret}`;
  const started = performance.now();
  const result = await postJson(row.url, row.body, headers, timeoutMs, context.signal);
  if (result.stopped || !context.stillCurrent()) return;
  const attempt = row.attempts + 1;
  const at = clock().toISOString();
  const history = [
    ...parseStoredJson(z.array(z.unknown()), row.history, "a webhook delivery's history"),
    { attempt, at, status_code: result.statusCode, error: result.error, ms: Math.round(performance.now() - started) },
  ];
  const next = result.ok ? null : context.nextTry(attempt);
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
  if (!result.ok) {
    context.logFailure({
      channel: 'webhook',
      id,
      url: row.url,
      attempt,
      error: result.error,
      willRetry: next !== null,
    });
  }
}
