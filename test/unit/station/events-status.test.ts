// The Events indicator says exactly what is true: pushed only with a listener, a sign-in and a subscription made;
// otherwise polled, with the reason, or off.
import { describe, expect, it } from 'vitest';
import { createEventsStatus, describeEvents, type EventsStatusInputs } from '../../../main/events/events-status.ts';

const listening = { state: 'listening', port: 4319, url: 'http://127.0.0.1:4319/webhooks/fulfillment' } as const;
const made = { ok: true, secret: 'existing', subscription: 'created', url: listening.url } as const;
const inputs = (overrides: Partial<EventsStatusInputs> = {}): EventsStatusInputs => ({
  listener: listening,
  signedIn: true,
  subscription: made,
  lastCheck: null,
  ...overrides,
});

describe('describeEvents', () => {
  it('says pushed only when the listener listens and the subscription was made', () => {
    expect(describeEvents(inputs())).toMatchObject({ mode: 'pushed', reason: null });
  });

  it('says polled, because the service offers no webhook secret, when the secret call got 404 — not "on"', () => {
    const view = describeEvents(
      inputs({ subscription: { ok: false, reason: 'no_webhook_secret', message: 'offers no webhook secret' } }),
    );
    expect(view).toMatchObject({ mode: 'polling', reason: 'no_secret_offered' });
    expect(view.message).toContain('offers no webhook secret');
  });

  it('names a failed subscription, a busy port and a subscription still under way', () => {
    expect(describeEvents(inputs({ subscription: { ok: false, reason: 'failed', message: '' } }))).toMatchObject({
      mode: 'polling',
      reason: 'subscription_failed',
    });
    const busy = describeEvents(
      inputs({ listener: { state: 'failed', code: 'port_in_use', port: 4319, message: 'Port 4319 is in use.' } }),
    );
    expect(busy).toMatchObject({ mode: 'polling', reason: 'port_busy', message: 'Port 4319 is in use.' });
    expect(describeEvents(inputs({ subscription: 'pending' }))).toMatchObject({
      mode: 'polling',
      reason: 'subscribing',
    });
  });

  it('says the secret changed elsewhere after a delivery with a wrong secret, until one matches again', () => {
    const changed = describeEvents(inputs({ lastCheck: 'wrong_secret' }));
    expect(changed).toMatchObject({ mode: 'polling', reason: 'secret_changed' });
    expect(changed.message).toContain(
      'the webhook secret changed elsewhere \u2014 an admin must share it with this station',
    );
    expect(describeEvents(inputs({ lastCheck: 'matched' }))).toMatchObject({ mode: 'pushed' });
  });

  it('says off while nobody is signed in', () => {
    expect(describeEvents(inputs({ signedIn: false }))).toMatchObject({ mode: 'off', reason: 'signed_out' });
  });
});

describe('createEventsStatus', () => {
  it('tells its listener each change once, and forgets wrong deliveries when the secret is replaced', () => {
    const seen: string[] = [];
    const status = createEventsStatus((view) => seen.push(`${view.mode}:${view.reason}`));
    status.setListener(listening);
    status.setSignedIn(true);
    status.subscribing();
    status.subscribed(made);
    status.secretChecked('matched');
    status.secretChecked('wrong_secret');
    status.secretChecked('wrong_secret');
    status.secretReplaced();
    status.setSignedIn(false);
    expect(seen).toEqual([
      'polling:subscribing',
      'pushed:null',
      'polling:secret_changed',
      'pushed:null',
      'off:signed_out',
    ]);
  });
});

describe('which path is live, and since when', () => {
  it('says the relay when it is live, else the webhook or polling, each since the moment it became the live one', () => {
    let clock = Date.parse('2026-11-27T09:00:00Z');
    const seen: { path: unknown; since: unknown }[] = [];
    const status = createEventsStatus(
      (view) => seen.push({ path: view.path, since: view.since }),
      () => clock,
    );
    status.setListener(listening);
    status.setSignedIn(true);
    status.subscribed(made);
    expect(status.view()).toMatchObject({ mode: 'pushed', path: 'webhook', since: '2026-11-27T09:00:00.000Z' });
    clock += 60_000;
    status.setRelay({ state: 'live', since: '2026-11-27T09:01:00.000Z' });
    expect(status.view()).toMatchObject({ mode: 'pushed', path: 'relay', since: '2026-11-27T09:01:00.000Z' });
    expect(status.view().message).toContain('relay');
    clock += 60_000;
    status.setRelay({ state: 'failed', since: '2026-11-27T09:02:00.000Z', message: 'no NATS' });
    status.setListener({ state: 'failed', code: 'port_in_use', port: 4319, message: 'busy' });
    expect(status.view()).toMatchObject({ mode: 'polling', path: 'polling', since: '2026-11-27T09:02:00.000Z' });
    // Still polling a minute later: the time it started is kept.
    clock += 60_000;
    status.subscribed(made);
    expect(status.view().since).toBe('2026-11-27T09:02:00.000Z');
    status.setSignedIn(false);
    expect(status.view()).toMatchObject({ mode: 'off', path: null, since: null });
    expect(seen.map((s) => s.path)).toContain('relay');
  });
});

describe('a relay that cannot be reached', () => {
  it('is said as the relay unreachable, polled every minute, not as a webhook secret this station never had', () => {
    const status = createEventsStatus(() => {});
    status.setListener(listening);
    status.setSignedIn(true);
    status.subscribed({ ok: false, reason: 'secret_missing', message: 'not shared' });
    status.setRelay({ state: 'live', since: '2026-11-27T09:01:00.000Z' });
    expect(status.view()).toMatchObject({ mode: 'pushed', path: 'relay' });
    status.setRelay({ state: 'failed', since: '2026-11-27T09:02:00.000Z', message: 'NATS is not reachable' });
    expect(status.view()).toMatchObject({ mode: 'polling', path: 'polling', reason: 'relay_unreachable' });
    expect(status.view().message).toContain('relay cannot be reached');
    expect(status.view().message).toContain('every minute');
  });

  it('leaves a working webhook pushing', () => {
    const status = createEventsStatus(() => {});
    status.setListener(listening);
    status.setSignedIn(true);
    status.subscribed(made);
    status.setRelay({ state: 'failed', since: '2026-11-27T09:02:00.000Z', message: 'NATS is not reachable' });
    expect(status.view()).toMatchObject({ mode: 'pushed', path: 'webhook' });
  });
});

describe('the pharmacy record in the events view', () => {
  it('is told once when it becomes unreachable and again when it is back, and absent for a station of its own', () => {
    const seen: unknown[] = [];
    const status = createEventsStatus((view) => seen.push(view.record));
    expect(status.view().record).toBeUndefined();
    const down = { state: 'unreachable' as const, since: '2026-03-01T10:42:00.000Z', pending: 1, conflicts: 0 };
    status.setRecord(down);
    status.setRecord(down);
    status.setRecord({ ...down, state: 'reachable', since: '2026-03-01T10:50:00.000Z', pending: 0 });
    expect(seen).toEqual([down, { ...down, state: 'reachable', since: '2026-03-01T10:50:00.000Z', pending: 0 }]);
  });
});
