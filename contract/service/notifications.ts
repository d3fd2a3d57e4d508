// Notifications: events, webhook and email subscriptions, the webhook secret, samples, and the delivery payload.
import { z } from 'zod';
import { id, maybe, pageQuery, recordStamps, timestamp, uuid } from './common.ts';
import { defineOperation } from './operation.ts';

// ---- Event codes ----

/** The events a subscription can name (service-facts), without the catch-all. */
export const deliverableEventCodes = [
  'order.created',
  'order.shipped',
  'order.delivered',
  'order.stuck',
  'prescription.cancelled',
] as const;

/** Every event code a subscription may list; `all` subscribes to every event. */
export const notificationEventCodes = [...deliverableEventCodes, 'all'] as const;

export const deliverableEventCode = z.enum(deliverableEventCodes);
export const notificationEventCode = z.enum(notificationEventCodes);
export type NotificationEventCode = z.infer<typeof notificationEventCode>;

/** A subscription's codes: at least one, no repeats, and `all` only on its own (with others it would be ambiguous). */
export const eventCodeList = z
  .array(notificationEventCode)
  .min(1)
  .max(notificationEventCodes.length)
  .refine((codes) => new Set(codes).size === codes.length, 'an event code is listed twice')
  .refine((codes) => !codes.includes('all') || codes.length === 1, '`all` stands alone');

// ---- Webhook URLs ----

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The spec requires HTTPS; DESIGN.md allows plain http on loopback so the workstation's own listener can subscribe.
 * Credentials in the URL are refused: they would end up in logs and subscription listings.
 */
export function isAllowedWebhookUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '' || url.hostname === '') return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/** A webhook URL on this machine (a station's own listener): deliveries to it never leave the machine. */
export function isLoopbackWebhookUrl(text: string): boolean {
  try {
    return LOOPBACK_HOSTS.has(new URL(text).hostname);
  } catch {
    return false;
  }
}

export const webhookUrl = z
  .string()
  .max(2048)
  .refine(
    isAllowedWebhookUrl,
    'a webhook URL is https (http only on 127.0.0.1, localhost or [::1]), with no credentials',
  );

// ---- Responses (loose) ----

export const notificationEvent = z.looseObject({
  event_code: z.string().min(1),
  name: maybe(z.string()),
  description: maybe(z.string()),
});
export type NotificationEvent = z.infer<typeof notificationEvent>;

/** Decision: the subscription answer (the spec does not show it). */
export const webhookSubscription = z.looseObject({
  ...recordStamps,
  url: maybe(z.string()),
  event_codes: maybe(z.array(z.string())),
  is_active: maybe(z.boolean()),
});
export type WebhookSubscription = z.infer<typeof webhookSubscription>;

/** The real service's deprecated listing; `subscriptions` holds events or bare codes. */
export const notificationSubscription = z.looseObject({
  id,
  is_active: maybe(z.boolean()),
  type: maybe(z.string()),
  subscriptions: maybe(z.array(z.union([z.string(), notificationEvent]))),
});
export type NotificationSubscription = z.infer<typeof notificationSubscription>;

export const emailSubscriptionState = z.looseObject({
  is_active: maybe(z.boolean()),
  subscriptions: maybe(z.array(notificationEvent)),
});
export type EmailSubscriptionState = z.infer<typeof emailSubscriptionState>;

/** Decision: the secret answer. Only the main process sees it; it never reaches the renderer or a log. */
export const webhookSecret = z.looseObject({
  webhook_secret: z.string().min(1),
  created_at: maybe(timestamp),
});
export type WebhookSecret = z.infer<typeof webhookSecret>;

export const samplePreview = z.looseObject({
  event_code: maybe(z.string()),
  payload_preview: maybe(z.unknown()),
});
export type SamplePreview = z.infer<typeof samplePreview>;

export const sampleSent = samplePreview.extend({
  message: maybe(z.string()),
  webhook_url: maybe(z.string()),
});
export type SampleSent = z.infer<typeof sampleSent>;

/**
 * A webhook delivery as the service POSTs it (service-facts): `{event_code, data}`, where data carries at least
 * id and a deep-link url, and for orders the number, the patient's name and the status. Loose: the receiver must not
 * drop a genuine delivery because the service added a field.
 */
export const webhookDelivery = z.looseObject({
  event_code: z.string().min(1),
  data: z.looseObject({
    id,
    url: z.string().min(1),
    order_number: maybe(z.string()),
    first_name: maybe(z.string()),
    last_name: maybe(z.string()),
    status_code: maybe(z.string()),
    status_name: maybe(z.string()),
  }),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

/** Where a webhook delivery stands: waiting for its next attempt, acknowledged with a 2xx, or given up on. */
export const deliveryStatuses = ['pending', 'delivered', 'failed'] as const;

/** One entry of the training service's delivery log (training only: the real service shows no log). */
export const deliveryLogEntry = z.looseObject({
  id,
  event_code: maybe(z.string()),
  url: z.string(),
  status: z.string().min(1),
  attempts: z.number().int().min(0),
  last_status_code: maybe(z.number().int()),
  last_error: maybe(z.string()),
  next_attempt_at: maybe(timestamp),
  delivered_at: maybe(timestamp),
  created_at: maybe(timestamp),
});
export type DeliveryLogEntry = z.infer<typeof deliveryLogEntry>;

/** One notification email the training service wrote to its mailbox folder (or handed to an SMTP server). */
export const mailboxMessage = z.looseObject({
  id,
  to: z.string(),
  subject: z.string(),
  event_code: maybe(z.string()),
  created_at: maybe(timestamp),
  file_name: maybe(z.string()),
  /** Decision (training): the message text, so the mailbox can be read in the station. */
  body: maybe(z.string()),
});
export type MailboxMessage = z.infer<typeof mailboxMessage>;

// ---- Requests (strict) ----

export const webhookCreateBody = z.strictObject({ url: webhookUrl, event_codes: eventCodeList });
export type WebhookCreateBody = z.input<typeof webhookCreateBody>;

export const webhookUpdateBody = z
  .strictObject({ url: webhookUrl.optional(), event_codes: eventCodeList.optional() })
  .refine((body) => Object.keys(body).length > 0, 'an update names the url, the event codes or both');
export type WebhookUpdateBody = z.input<typeof webhookUpdateBody>;

/** A sample is of one concrete event, so `all` is refused. */
export const sampleSendBody = z.strictObject({ event_code: deliverableEventCode, webhook_url: webhookUrl });
export type SampleSendBody = z.input<typeof sampleSendBody>;

export const emailSubscriptionBody = z.strictObject({ event_codes: eventCodeList });
export type EmailSubscriptionBody = z.input<typeof emailSubscriptionBody>;

// ---- Operations ----

export const notificationsOperations = {
  events: defineOperation({
    name: 'notifications.events',
    method: 'GET',
    path: '/api/v1/notifications/events',
    response: z.array(notificationEvent),
    source: 'spec',
    summary: 'List the events one can subscribe to',
  }),
  list: defineOperation({
    name: 'notifications.list',
    method: 'GET',
    path: '/api/v1/notifications',
    query: z.strictObject({ ...pageQuery }),
    response: z.array(notificationSubscription),
    paginated: true,
    source: 'facts',
    summary: 'List subscriptions of every kind (deprecated by the real service)',
  }),
  listWebhooks: defineOperation({
    name: 'notifications.listWebhooks',
    method: 'GET',
    path: '/api/v1/notifications/webhooks',
    query: z.strictObject({ ...pageQuery }),
    response: z.array(webhookSubscription),
    paginated: true,
    source: 'facts',
    summary: 'List webhook subscriptions',
  }),
  createWebhook: defineOperation({
    name: 'notifications.createWebhook',
    method: 'POST',
    path: '/api/v1/notifications/webhooks',
    body: webhookCreateBody,
    response: webhookSubscription,
    status: 201,
    source: 'spec',
    summary: 'Subscribe a webhook URL to events',
  }),
  updateWebhook: defineOperation({
    name: 'notifications.updateWebhook',
    method: 'PUT',
    path: '/api/v1/notifications/webhooks/{webhook_id}',
    params: z.strictObject({ webhook_id: uuid }),
    body: webhookUpdateBody,
    response: webhookSubscription,
    source: 'facts',
    summary: 'Change the URL or the events of a webhook subscription',
  }),
  generateSecret: defineOperation({
    name: 'notifications.generateSecret',
    method: 'POST',
    path: '/api/v1/notifications/webhook-secret',
    response: webhookSecret,
    status: 201,
    source: 'spec',
    summary: 'Generate the secret that signs webhook deliveries',
  }),
  sendSample: defineOperation({
    name: 'notifications.sendSample',
    method: 'POST',
    path: '/api/v1/notifications/sample',
    body: sampleSendBody,
    response: sampleSent,
    source: 'spec',
    summary: 'Deliver an illustrative payload of one event to a URL',
  }),
  previewSample: defineOperation({
    name: 'notifications.previewSample',
    method: 'GET',
    path: '/api/v1/notifications/sample/{event_code}',
    params: z.strictObject({ event_code: deliverableEventCode }),
    response: samplePreview,
    source: 'spec',
    summary: 'Show the payload of one event without sending it',
  }),
  updateEmail: defineOperation({
    name: 'notifications.updateEmail',
    method: 'PUT',
    path: '/api/v1/notifications/email',
    body: emailSubscriptionBody,
    response: emailSubscriptionState,
    source: 'spec',
    summary: "Choose the events mailed to the current user's address",
  }),
  deliveries: defineOperation({
    name: 'notifications.deliveries',
    method: 'GET',
    path: '/api/v1/notifications/deliveries',
    query: z.strictObject({
      ...pageQuery,
      event_code: z.string().min(1).max(100).optional(),
      status: z.enum(deliveryStatuses).optional(),
    }),
    response: z.array(deliveryLogEntry),
    paginated: true,
    source: 'training',
    summary: 'Read the webhook delivery log, newest first',
  }),
  mailbox: defineOperation({
    name: 'notifications.mailbox',
    method: 'GET',
    path: '/api/v1/notifications/mailbox',
    query: z.strictObject({ ...pageQuery }),
    response: z.array(mailboxMessage),
    paginated: true,
    source: 'training',
    summary: 'List the notification emails written, newest first',
  }),
};
