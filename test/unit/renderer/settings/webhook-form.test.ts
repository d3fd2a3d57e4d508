// The webhook form becomes a body the contract accepts or errors beside its fields, and editing the station's own
// subscription away says what the station would miss.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { webhookCreateBody } from '../../../../contract/service/notifications.ts';
import {
  buildWebhookCreate,
  buildWebhookUpdate,
  emptyWebhookForm,
  isStationSubscription,
  listenerLoss,
  type WebhookFormValues,
  webhookFormOf,
} from '../../../../renderer/screens/settings/webhook-form.ts';

const STATION = 'http://127.0.0.1:4319/webhooks/fulfillment';
const form = (over: Partial<WebhookFormValues>): WebhookFormValues => ({ ...emptyWebhookForm(), ...over });

describe('a new webhook subscription', () => {
  it('becomes a body with the URL trimmed and `all` by default', () => {
    expect(buildWebhookCreate(form({ url: '  https://receiver.example/hooks ' }))).toEqual({
      ok: true,
      body: { url: 'https://receiver.example/hooks', event_codes: ['all'] },
    });
  });

  it('accepts plain http only on this computer', () => {
    expect(buildWebhookCreate(form({ url: STATION })).ok).toBe(true);
    const remote = buildWebhookCreate(form({ url: 'http://receiver.example/hooks' }));
    expect(remote.ok).toBe(false);
    if (remote.ok === false) expect(remote.errors.url).toMatch(/^A webhook URL is https/);
  });

  it('names both fields when the URL is missing and no event is chosen', () => {
    const built = buildWebhookCreate(form({ url: ' ', event_codes: { all: false, codes: [] } }));
    expect(built).toEqual({
      ok: false,
      errors: {
        url: 'Required: the https address that should receive the events.',
        event_codes: 'Choose at least one event, or every event.',
      },
    });
  });

  it('refuses a URL carrying a user name and password', () => {
    const built = buildWebhookCreate(form({ url: 'https://user:pw@receiver.example/hooks' }));
    expect(built.ok).toBe(false);
  });

  it('never throws on anything typed, and only sends what the contract accepts', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl()), (typed) => {
        const built = buildWebhookCreate(form({ url: typed }));
        if (built.ok === true) expect(webhookCreateBody.safeParse(built.body).success).toBe(true);
        else if (built.ok === false) expect(Object.keys(built.errors)).toContain('url');
      }),
    );
  });
});

describe('changing a subscription', () => {
  const original = webhookFormOf({ url: 'https://receiver.example/hooks', event_codes: ['order.shipped'] });

  it('sends nothing when nothing changed', () => {
    expect(buildWebhookUpdate(original, { ...original, url: ' https://receiver.example/hooks ' })).toEqual({
      ok: 'unchanged',
    });
  });

  it('sends only what changed', () => {
    expect(buildWebhookUpdate(original, { ...original, event_codes: { all: true, codes: [] } })).toEqual({
      ok: true,
      body: { event_codes: ['all'] },
    });
    expect(buildWebhookUpdate(original, { ...original, url: 'https://other.example/in' })).toEqual({
      ok: true,
      body: { url: 'https://other.example/in' },
    });
  });

  it('puts a refused URL beside the URL field', () => {
    const built = buildWebhookUpdate(original, { ...original, url: 'ftp://receiver.example' });
    expect(built.ok).toBe(false);
    if (built.ok === false) expect(Object.keys(built.errors)).toEqual(['url']);
  });
});

describe('the station’s own subscription', () => {
  const own = webhookFormOf({ url: STATION, event_codes: ['all'] });

  it('is the one at the station’s listener URL', () => {
    expect(isStationSubscription({ url: STATION }, STATION)).toBe(true);
    expect(isStationSubscription({ url: 'https://receiver.example/hooks' }, STATION)).toBe(false);
    expect(isStationSubscription({ url: STATION }, null)).toBe(false);
  });

  it('warns when the edit would move it away or narrow its events, and says how it comes back', () => {
    const moved = listenerLoss(own, { ...own, url: 'https://receiver.example/hooks' }, STATION);
    expect(moved[0]).toBe('This station would no longer receive events pushed by the service.');
    expect(moved[1]).toMatch(/next sign-in/);
    const narrowed = listenerLoss(own, { ...own, event_codes: { all: false, codes: ['order.shipped'] } }, STATION);
    expect(narrowed[0]).toMatch(/only the events ticked/);
  });

  it('says nothing about an edit that keeps every event at the same URL, or about another subscription', () => {
    expect(listenerLoss(own, own, STATION)).toEqual([]);
    const other = webhookFormOf({ url: 'https://receiver.example/hooks', event_codes: ['all'] });
    expect(listenerLoss(other, { ...other, url: 'https://elsewhere.example/' }, STATION)).toEqual([]);
  });
});
