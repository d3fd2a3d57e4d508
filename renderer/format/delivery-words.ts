// A webhook delivery in words: where it stands, how the receiver answered, and each attempt, for the sample result
// and the training delivery log.
import { z } from 'zod';
import type { DeliveryLogEntry } from '../../contract/service/notifications.ts';

export type DeliveryStage = 'delivered' | 'retrying' | 'failed' | 'waiting';

/** Where a delivery stands: delivered (a 2xx), retrying after a failed attempt, given up, or not yet tried. */
export function deliveryStage(entry: Pick<DeliveryLogEntry, 'status' | 'attempts'>): DeliveryStage {
  if (entry.status === 'delivered') return 'delivered';
  if (entry.status === 'failed') return 'failed';
  return entry.attempts > 0 ? 'retrying' : 'waiting';
}

export const stageWords: Record<DeliveryStage, string> = {
  delivered: 'Delivered',
  retrying: 'Retrying',
  failed: 'Failed',
  waiting: 'Sending',
};

/** What an HTTP answer means here, for people; the station's listener answers 401 when the signing key differs. */
export function answerWords(statusCode: number | null | undefined, error: string | null | undefined): string {
  if (statusCode === null || statusCode === undefined) {
    return error ? `No answer: ${error}` : 'No answer yet';
  }
  if (statusCode >= 200 && statusCode < 300) return `Accepted (HTTP ${statusCode})`;
  if (statusCode === 401) return 'Refused (HTTP 401): the receiver did not accept the signing key';
  if (statusCode === 403) return 'Refused (HTTP 403)';
  if (statusCode === 404) return 'Not found (HTTP 404): nothing listens at that address';
  if (statusCode >= 500) return `The receiver failed (HTTP ${statusCode})`;
  return `Refused (HTTP ${statusCode})`;
}

const attempt = z.looseObject({
  attempt: z.number().int(),
  at: z.string().nullish(),
  status_code: z.number().int().nullish(),
  error: z.string().nullish(),
  ms: z.number().nullish(),
});
export type DeliveryAttempt = z.infer<typeof attempt>;

/** The attempts under `history` (the training service lists each); anything unreadable is left out. */
export function attemptsOf(entry: DeliveryLogEntry): DeliveryAttempt[] {
  const history = Array.isArray(entry.history) ? entry.history : [];
  return history.flatMap((item: unknown) => {
    const parsed = attempt.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** "1 attempt", "3 attempts". */
export function attemptCount(count: number): string {
  return `${count} ${count === 1 ? 'attempt' : 'attempts'}`;
}

/** The payload as people read it: indented JSON (React escapes it when it is shown). */
export function prettyPayload(value: unknown): string {
  if (value === undefined || value === null) return 'The service showed no payload.';
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return 'The payload could not be shown.';
  }
}
