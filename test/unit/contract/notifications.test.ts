// Notification schemas: event codes, webhook URLs (https, or http on loopback), subscriptions and deliveries.
import { describe, expect, it } from 'vitest';
import {
  emailSubscriptionBody,
  isAllowedWebhookUrl,
  notificationEventCodes,
  notificationsOperations,
  sampleSendBody,
  webhookCreateBody,
  webhookDelivery,
  webhookUpdateBody,
} from '../../../contract/service/notifications.ts';

const WEBHOOK_ID = '5e6f7a8b-9c0d-4e1f-8a2b-4c5d6e7f8a9b';
const ORDER_ID = '4d5e6f7a-8b9c-4d0e-9f1a-3b4c5d6e7f8a';

describe('event codes', () => {
  it('are the five known events and all', () => {
    expect(notificationEventCodes).toEqual([
      'order.created',
      'order.shipped',
      'order.delivered',
      'order.stuck',
      'prescription.cancelled',
      'all',
    ]);
  });

  it('are listed at least once each, never twice, and all stands alone', () => {
    expect(emailSubscriptionBody.safeParse({ event_codes: ['all'] }).success).toBe(true);
    expect(emailSubscriptionBody.safeParse({ event_codes: ['order.shipped', 'order.stuck'] }).success).toBe(true);
    expect(emailSubscriptionBody.safeParse({ event_codes: [] }).success).toBe(false);
    expect(emailSubscriptionBody.safeParse({ event_codes: ['order.shipped', 'order.shipped'] }).success).toBe(false);
    expect(emailSubscriptionBody.safeParse({ event_codes: ['all', 'order.shipped'] }).success).toBe(false);
    expect(emailSubscriptionBody.safeParse({ event_codes: ['order.exploded'] }).success).toBe(false);
  });
});

describe('webhook URLs', () => {
  it.each([
    'https://hooks.example.test/fulfillment',
    'https://hooks.example.test:8443/a?b=c',
    'http://127.0.0.1:47123/events',
    'http://localhost:47123/events',
    'http://[::1]:47123/events',
  ])('accept %s', (url) => {
    expect(isAllowedWebhookUrl(url)).toBe(true);
  });

  it.each([
    ['plain http to another host', 'http://hooks.example.test/events'],
    ['plain http to a private address', 'http://192.168.1.10/events'],
    ['plain http to another loopback address', 'http://127.0.0.2/events'],
    ['a host that only starts like localhost', 'http://localhost.example.test/events'],
    ['credentials in the URL', 'https://user:secret@hooks.example.test/'],
    ['another scheme', 'ftp://hooks.example.test/'],
    ['a javascript URL', 'javascript:alert(1)'],
    ['a relative path', '/events'],
    ['text that is not a URL', 'hooks dot example'],
  ])('refuse %s', (_label, url) => {
    expect(isAllowedWebhookUrl(url)).toBe(false);
  });

  it('refuse a URL longer than 2048 characters', () => {
    const url = `https://hooks.example.test/${'a'.repeat(2048)}`;
    expect(webhookCreateBody.safeParse({ url, event_codes: ['all'] }).success).toBe(false);
  });
});

describe('subscription requests', () => {
  it('create a webhook with a URL and event codes, and nothing else', () => {
    const body = { url: 'http://127.0.0.1:47123/events', event_codes: ['all'] };
    expect(webhookCreateBody.safeParse(body).success).toBe(true);
    expect(webhookCreateBody.safeParse({ ...body, secret: 'x' }).success).toBe(false);
    expect(webhookCreateBody.safeParse({ url: body.url }).success).toBe(false);
  });

  it('update a webhook with the URL, the codes or both, but not with nothing', () => {
    expect(webhookUpdateBody.safeParse({ event_codes: ['order.created'] }).success).toBe(true);
    expect(webhookUpdateBody.safeParse({}).success).toBe(false);
  });

  it('send a sample of one concrete event to an allowed URL', () => {
    const body = { event_code: 'order.shipped', webhook_url: 'https://hooks.example.test/' };
    expect(sampleSendBody.safeParse(body).success).toBe(true);
    expect(sampleSendBody.safeParse({ ...body, event_code: 'all' }).success).toBe(false);
    expect(sampleSendBody.safeParse({ ...body, webhook_url: 'http://hooks.example.test/' }).success).toBe(false);
  });
});

describe('webhook deliveries', () => {
  const delivery = {
    event_code: 'order.shipped',
    data: {
      id: ORDER_ID,
      url: 'https://dashboard.example.test/orders/100234',
      order_number: '100234',
      first_name: 'Avery',
      last_name: 'Example',
      status_code: 'S01',
      status_name: 'Shipping',
      carrier: 'usps',
    },
    delivered_at: '2025-03-16T22:55:37.920593',
  };

  it('are accepted with extra fields kept', () => {
    const parsed = webhookDelivery.parse(delivery);
    expect(parsed.data.carrier).toBe('usps');
    expect(parsed.delivered_at).toBe('2025-03-16T22:55:37.920593');
  });

  it('are accepted for an event code added later and with only id and url', () => {
    expect(
      webhookDelivery.safeParse({ event_code: 'order.returned', data: { id: 'x', url: 'https://d/x' } }).success,
    ).toBe(true);
  });

  it.each([
    ['no event code', { data: delivery.data }],
    ['no data', { event_code: 'order.shipped' }],
    ['data without a url', { event_code: 'order.shipped', data: { id: ORDER_ID } }],
    ['data without an id', { event_code: 'order.shipped', data: { url: 'https://d/x' } }],
    ['a string body', 'order.shipped'],
  ])('are refused with %s', (_label, body) => {
    expect(webhookDelivery.safeParse(body).success).toBe(false);
  });
});

describe('the notification operations', () => {
  const event = { name: 'Order shipped', description: 'An order left the pharmacy', event_code: 'order.shipped' };
  const subscription = {
    id: WEBHOOK_ID,
    url: 'http://127.0.0.1:47123/events',
    event_codes: ['all'],
    is_active: true,
    created_at: '2025-03-16T22:55:37.920593',
    updated_at: '2025-03-16T22:55:37Z',
  };
  const preview = { event_code: 'order.shipped', payload_preview: { event_code: 'order.shipped', data: { id: 'x' } } };
  const examples: Record<keyof typeof notificationsOperations, unknown> = {
    events: [event, { event_code: 'order.stuck', name: null, description: null }],
    list: [
      { id: 's-1', is_active: true, type: 'webhook', subscriptions: [event] },
      { id: 's-2', subscriptions: ['all'] },
    ],
    listWebhooks: [subscription],
    createWebhook: subscription,
    updateWebhook: { ...subscription, event_codes: ['order.created'] },
    generateSecret: { webhook_secret: 'whsec_example', created_at: '2025-03-16T22:55:37Z' },
    sendSample: { ...preview, message: 'Sample sent', webhook_url: 'https://hooks.example.test/' },
    previewSample: preview,
    updateEmail: { is_active: true, subscriptions: [event] },
    deliveries: [
      {
        id: WEBHOOK_ID,
        event_code: 'order.shipped',
        url: 'http://127.0.0.1:47123/events',
        status: 'pending',
        attempts: 2,
        last_status_code: 503,
        last_error: 'HTTP 503',
        next_attempt_at: '2025-03-16T22:56:37.920Z',
        delivered_at: null,
        created_at: '2025-03-16T22:55:37.920Z',
      },
    ],
    mailbox: [
      {
        id: WEBHOOK_ID,
        to: 'pharmacist@training.local',
        subject: 'Order shipped: order 100234',
        event_code: 'order.shipped',
        created_at: '2025-03-16T22:55:37.920Z',
        file_name: '20250316T225537Z-order.shipped-5e6f7a8b.eml',
      },
    ],
  };

  it.each(Object.entries(notificationsOperations))('%s accepts a realistic answer', (verb, op) => {
    expect(op.response.safeParse(examples[verb as keyof typeof examples]).success).toBe(true);
  });

  it('refuses a secret answer without the secret', () => {
    expect(notificationsOperations.generateSecret.response.safeParse({ created_at: null }).success).toBe(false);
  });

  it('answers creating a webhook and generating a secret with 201', () => {
    expect(notificationsOperations.createWebhook.status).toBe(201);
    expect(notificationsOperations.generateSecret.status).toBe(201);
    expect(notificationsOperations.generateSecret.body.safeParse(undefined).success).toBe(true);
  });

  it("marks the delivery log and the mailbox as the training service's own", () => {
    expect(notificationsOperations.deliveries.source).toBe('training');
    expect(notificationsOperations.mailbox.source).toBe('training');
    expect(notificationsOperations.deliveries.paginated).toBe(true);
    expect(notificationsOperations.mailbox.paginated).toBe(true);
  });

  it('filters the delivery log by a known delivery status only', () => {
    const query = notificationsOperations.deliveries.query;
    expect(query.safeParse({ status: 'failed', event_code: 'order.created' }).success).toBe(true);
    expect(query.safeParse({ status: 'lost' }).success).toBe(false);
    expect(query.safeParse({ since: 'yesterday' }).success).toBe(false);
  });

  it('previews one concrete event by its code in the path', () => {
    expect(notificationsOperations.previewSample.params.safeParse({ event_code: 'order.stuck' }).success).toBe(true);
    expect(notificationsOperations.previewSample.params.safeParse({ event_code: 'all' }).success).toBe(false);
  });
});
