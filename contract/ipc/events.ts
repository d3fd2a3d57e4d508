// Order and prescription events as the renderer receives them (from the webhook listener or the reconciliation poller).
import { z } from 'zod';

export const stationEvent = z.strictObject({
  /** Stable across retries and across the webhook and the poller: one change, one key. */
  key: z.string(),
  eventCode: z.string(),
  subjectId: z.string(),
  orderNumber: z.string().nullable(),
  statusCode: z.string().nullable(),
  statusName: z.string().nullable(),
  url: z.string().nullable(),
  source: z.enum(['webhook', 'poller']),
  receivedAt: z.string(),
});
export type StationEventView = z.infer<typeof stationEvent>;

export const connectivity = z.strictObject({
  /** Whether the service answers (slow counts as online). */
  online: z.boolean(),
  /** online; slow: it answers a probe while a call still waits; offline: no answer, calls that need it fail at once. */
  service: z.enum(['online', 'slow', 'offline']),
  /** When it went offline (ISO), while it is. */
  offlineSince: z.string().nullable(),
  /** The event listener: listening, or why not (a busy port), for the status bar. */
  listener: z.strictObject({ state: z.enum(['listening', 'failed', 'stopped']), message: z.string().nullable() }),
  /** Which service: the training service or a custom one. */
  backend: z.enum(['training', 'custom']),
  baseUrl: z.string().nullable(),
});
