// The webhook subscription form as typed, the body it becomes (checked by the contract first), and what editing the
// station's own subscription would cost it.
import {
  type WebhookCreateBody,
  type WebhookSubscription,
  type WebhookUpdateBody,
  webhookCreateBody,
  webhookUpdateBody,
} from '../../../contract/service/notifications.ts';
import { errorsFromIssues, type FieldErrors } from '../../forms/field-errors.ts';
import { choiceOf, choiceProblem, codesOfChoice, type EventChoice, sameChoice } from './event-codes.ts';

/** Keyed as the contract names the fields, so its issues and the service's details land on them. */
export interface WebhookFormValues {
  url: string;
  event_codes: EventChoice;
}

/** The form's fields, as the service's details and the contract's issues name them. */
export const webhookFormKeys = ['url', 'event_codes'] as const;

export function emptyWebhookForm(): WebhookFormValues {
  return { url: '', event_codes: { all: true, codes: [] } };
}

export function webhookFormOf(subscription: Pick<WebhookSubscription, 'url' | 'event_codes'>): WebhookFormValues {
  return { url: subscription.url ?? '', event_codes: choiceOf(subscription.event_codes) };
}

export type Built<T> = { ok: true; body: T } | { ok: false; errors: FieldErrors } | { ok: 'unchanged' };

function fieldErrors(issues: Parameters<typeof errorsFromIssues>[0]): FieldErrors {
  const errors = errorsFromIssues(issues);
  // Every issue under event_codes (a repeat, `all` with others) is about the one chooser.
  const out: FieldErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    const field = key.startsWith('event_codes') ? 'event_codes' : key;
    out[field] ??= message;
  }
  return out;
}

export function buildWebhookCreate(values: WebhookFormValues): Built<WebhookCreateBody> {
  const problem = choiceProblem(values.event_codes);
  const parsed = webhookCreateBody.safeParse({
    url: values.url.trim(),
    event_codes: codesOfChoice(values.event_codes),
  });
  const errors: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error.issues);
  if (values.url.trim() === '') errors.url = 'Required: the https address that should receive the events.';
  if (problem) errors.event_codes = problem;
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, body: parsed.data };
  return { ok: false, errors };
}

/** Only what changed: the URL, the events, or both. */
export function buildWebhookUpdate(original: WebhookFormValues, values: WebhookFormValues): Built<WebhookUpdateBody> {
  const url = values.url.trim();
  const urlChanged = url !== original.url.trim();
  const eventsChanged = !sameChoice(original.event_codes, values.event_codes);
  if (!urlChanged && !eventsChanged) return { ok: 'unchanged' };
  const errors: FieldErrors = {};
  if (urlChanged && url === '') errors.url = 'Required: the https address that should receive the events.';
  const problem = eventsChanged ? choiceProblem(values.event_codes) : null;
  if (problem) errors.event_codes = problem;
  const body = {
    ...(urlChanged ? { url } : {}),
    ...(eventsChanged ? { event_codes: codesOfChoice(values.event_codes) } : {}),
  };
  const parsed = webhookUpdateBody.safeParse(body);
  if (!parsed.success) Object.assign(errors, { ...fieldErrors(parsed.error.issues), ...errors });
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, body: parsed.data };
  return { ok: false, errors };
}

/** Whether this is the subscription the station made for its own listener (main makes it at sign-in). */
export function isStationSubscription(
  subscription: Pick<WebhookSubscription, 'url'>,
  listenerUrl: string | null | undefined,
): boolean {
  return Boolean(listenerUrl) && subscription.url === listenerUrl;
}

/**
 * What the station would stop hearing if the edit were saved, in words; empty when nothing is lost. The station
 * subscribes its listener to every event again at the next sign-in, and polls orders every minute meanwhile.
 */
export function listenerLoss(original: WebhookFormValues, values: WebhookFormValues, listenerUrl: string): string[] {
  if (original.url.trim() !== listenerUrl) return [];
  const losses: string[] = [];
  if (values.url.trim() !== listenerUrl) {
    losses.push('This station would no longer receive events pushed by the service.');
  } else if (!values.event_codes.all) {
    losses.push(
      values.event_codes.codes.length === 0
        ? 'This station would receive no pushed events.'
        : 'This station would receive only the events ticked: its feed and desktop alerts would miss the others.',
    );
  }
  if (losses.length > 0) {
    losses.push(
      'Until the next sign-in puts it back, the station learns of order changes only by checking every minute.',
    );
  }
  return losses;
}
