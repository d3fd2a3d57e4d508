// What the service sends and what the training service keeps of it: the webhook delivery payload, the delivery log,
// and the mailbox of notification emails.
import { z } from 'zod';
import { id, maybe, timestamp } from './common.ts';

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
