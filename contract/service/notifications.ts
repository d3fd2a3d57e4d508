// Notifications: webhook and email subscriptions, the webhook secret, samples, and their operations. Event codes and
// webhook URL rules are in notification-events.ts, the delivery payload, log and mailbox in notification-deliveries.ts
// (both exported here too).
import { z } from 'zod';
import { id, maybe, pageQuery, recordStamps, timestamp, uuid } from './common.ts';
import { deliveryLogEntry, deliveryStatuses, mailboxMessage } from './notification-deliveries.ts';
import { deliverableEventCode, eventCodeList, webhookUrl } from './notification-events.ts';
import { defineOperation, definePagedList } from './operation.ts';

export * from './notification-deliveries.ts';
export * from './notification-events.ts';

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
  list: definePagedList({
    name: 'notifications.list',
    path: '/api/v1/notifications',
    item: notificationSubscription,
    source: 'facts',
    summary: 'List subscriptions of every kind (deprecated by the real service)',
  }),
  listWebhooks: definePagedList({
    name: 'notifications.listWebhooks',
    path: '/api/v1/notifications/webhooks',
    item: webhookSubscription,
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
  mailbox: definePagedList({
    name: 'notifications.mailbox',
    path: '/api/v1/notifications/mailbox',
    item: mailboxMessage,
    source: 'training',
    summary: 'List the notification emails written, newest first',
  }),
};
