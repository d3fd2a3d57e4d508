// The connectivity indicator says in words (never colour alone) whether the service answers, whether events are
// pushed, and which backend.
import { describe, expect, it } from 'vitest';
import { describeConnectivity, describeEvents, hostOf } from '../../../../renderer/app/connectivity-words.ts';
import type { ConnectivityView } from '../../../../renderer/queries/connectivity.ts';

const view = (overrides: Partial<ConnectivityView> = {}): ConnectivityView => ({
  online: true,
  service: 'online',
  offlineSince: null,
  listener: { state: 'listening', message: null },
  backend: 'training',
  baseUrl: 'http://127.0.0.1:4410',
  serviceConfirmed: true,
  events: { mode: 'pushed', reason: null, message: 'The service pushes events to this station as they happen.' },
  ...overrides,
});

describe('describeConnectivity', () => {
  it('tells a slow service apart from a down one', () => {
    const words = describeConnectivity(view({ service: 'slow' }));
    expect(words.service.short).toBe('Slow');
    expect(words.service.tone).toBe('warn');
    expect(words.service.detail).toContain('answers');
  });

  it('reads online, events pushed, training when all is well', () => {
    const words = describeConnectivity(view());
    expect([words.service.short, words.listener.short, words.backend.short]).toEqual([
      'Online',
      'Events pushed',
      'Training',
    ]);
    expect(words.service.tone).toBe('good');
    expect(words.backend.detail).toContain('127.0.0.1:4410');
  });

  it('says offline, and that task changes wait, when the service does not answer', () => {
    const words = describeConnectivity(view({ online: false, service: 'offline' }));
    expect(words.service.short).toBe('Offline');
    expect(words.service.tone).toBe('bad');
    expect(words.service.detail).toContain('outbox');
    expect(words.summary).toContain('Offline');
  });

  it('gives the listener’s failure message and says events still arrive by the regular check', () => {
    const words = describeConnectivity(
      view({
        listener: { state: 'failed', message: 'port 4319 is already in use by another program' },
        events: {
          mode: 'polling',
          reason: 'port_busy',
          message: 'Port 4319 is already in use by another program; it checks for changes every minute.',
        },
      }),
    );
    expect(words.listener.short).toBe('Events polled (port busy)');
    expect(words.listener.tone).toBe('warn');
    expect(words.listener.detail).toContain('4319 is already in use');
    expect(words.listener.detail).toContain('every minute');
  });

  it('never says pushed while the subscription was not made: the service offering no webhook secret is named', () => {
    const words = describeConnectivity(
      view({
        events: { mode: 'polling', reason: 'no_secret_offered', message: 'The service offers no webhook secret.' },
      }),
    );
    expect(words.listener.short).toBe('Events polled (no webhook secret)');
    expect(words.listener.tone).toBe('warn');
    expect(words.listener.state).toBe('Polling every minute');
  });

  it('says a secret changed elsewhere, and off while nobody is signed in', () => {
    const changed = describeConnectivity(
      view({ events: { mode: 'polling', reason: 'secret_changed', message: 'the webhook secret changed elsewhere' } }),
    );
    expect(changed.listener.short).toBe('Events polled (secret changed)');
    const off = describeConnectivity(view({ events: { mode: 'off', reason: 'signed_out', message: null } }));
    expect(off.listener.short).toBe('Events off');
    expect(off.listener.tone).toBe('quiet');
  });

  it('names a custom service by its host', () => {
    const words = describeConnectivity(view({ backend: 'custom', baseUrl: 'https://pharmacy.example.com/api' }));
    expect(words.backend.short).toBe('pharmacy.example.com');
    expect(words.backend.detail).toContain('https://pharmacy.example.com/api');
  });
});

describe('hostOf', () => {
  it('answers the host of a URL, the text itself otherwise, and nothing for nothing', () => {
    expect(hostOf('https://a.example:8443/x')).toBe('a.example:8443');
    expect(hostOf('not a url')).toBe('not a url');
    expect(hostOf(null)).toBeNull();
  });
});

describe('the events part names the live path and since when', () => {
  it('says the relay, or the webhook, or polling, with the time it became the live one', () => {
    // The station's clock is given: 09:41 on the day is "since 09:41", the evening before a date and a time.
    const relay = (since: Date, now: Date) =>
      describeEvents({ mode: 'pushed', reason: null, message: 'm', path: 'relay', since: since.toISOString() }, now);
    const sameDay = relay(new Date(2026, 2, 1, 9, 41), new Date(2026, 2, 1, 23, 55));
    expect(sameDay).toMatchObject({ tone: 'good', short: 'Events via relay' });
    expect(sameDay.state).toMatch(/^Pushed through the pharmacy’s relay since 09:41/);
    const dayBefore = relay(new Date(2026, 1, 28, 23, 50), new Date(2026, 2, 1, 0, 5)).state;
    expect(dayBefore).toMatch(/^Pushed through the pharmacy’s relay since .*2026/);
    const polled = describeEvents({ mode: 'polling', reason: 'port_busy', message: 'm', path: 'polling', since: null });
    expect(polled.state).toBe('Polling every minute');
  });
});

describe('the pharmacy record that cannot be reached is said first', () => {
  it('says since when and what of this station waits, whatever path brings the events', () => {
    const since = new Date();
    since.setHours(10, 42, 0, 0);
    const record = { state: 'unreachable' as const, since: since.toISOString(), pending: 2, conflicts: 0 };
    const words = describeEvents({ mode: 'pushed', reason: null, message: 'm', path: 'relay', since: null, record });
    expect(words.tone).toBe('warn');
    expect(words.short).toMatch(/^Pharmacy record unreachable since 10:42/);
    expect(words.detail).toBe(
      "This station works from what it knows of the pharmacy's record. 2 of this station's records wait and are published when it is back.",
    );
    const back = describeEvents({
      mode: 'pushed',
      reason: null,
      message: 'm',
      path: 'relay',
      since: null,
      record: { ...record, state: 'reachable' },
    });
    expect(back.short).toBe('Events via relay');
  });
});
