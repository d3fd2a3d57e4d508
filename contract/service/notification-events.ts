// What a notification subscription names: the event codes (and `all`), and the webhook URLs a subscription may use.
import { z } from 'zod';
import type { WebUrl, WebUrlClass } from '../web-url.ts';

declare const URL: WebUrlClass;

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
  let url: WebUrl;
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
