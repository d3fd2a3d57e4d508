// Renewing the access token against the training service: ahead of expiry, once for a burst, and what failures do.
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionChange } from '../../../../main/service/session/index.ts';
import { loadSettings, saveSettings } from '../../../../main/service/settings/index.ts';
import { failureOf, MINUTE, PASSWORD, REFRESH_PATH, type SessionHarness, startSessionHarness } from './harness.ts';

const VERIFY_PATH = '/api/v1/auth/verify';

let harness: SessionHarness;
afterEach(async () => {
  harness.assertNoTokenLeaked();
  await harness.close();
});

/** The access token the last verify call carried. */
function lastVerifyToken(): string | null {
  return harness.proxy.requests.filter((r) => r.path === VERIFY_PATH).at(-1)?.token ?? null;
}

describe('renewing ahead of expiry', () => {
  it('after 56 minutes a call renews the access token before it expires, not before', async () => {
    harness = await startSessionHarness();
    const session = harness.newSession();
    await session.signIn('pharmacist@training.local', PASSWORD);
    await session.client().auth.verify();
    const first = lastVerifyToken();

    harness.advance(54 * MINUTE);
    await session.client().auth.verify();
    expect(harness.proxy.count(REFRESH_PATH)).toBe(0);
    expect(lastVerifyToken()).toBe(first);

    harness.advance(2 * MINUTE);
    await expect(session.client().auth.verify()).resolves.toMatchObject({ valid: true });
    expect(harness.proxy.count(REFRESH_PATH, 200)).toBe(1);
    expect(lastVerifyToken()).not.toBe(first);
    // The service never had to refuse a token: the renewal came first.
    expect(harness.proxy.requests.filter((r) => r.status === 401)).toHaveLength(0);
  });
});

describe('one renewal for a burst of calls', () => {
  it('100 concurrent calls with an expired access token: exactly one refresh request reaches the service', async () => {
    harness = await startSessionHarness();
    const session = harness.newSession();
    await session.signIn('technician@training.local', PASSWORD);
    harness.advance(61 * MINUTE);
    const calls = Array.from({ length: 100 }, () => session.client().auth.verify());
    const answers = await Promise.all(calls);
    expect(answers.every((answer) => answer.valid)).toBe(true);
    expect(harness.proxy.count(REFRESH_PATH)).toBe(1);
    expect(harness.proxy.count(VERIFY_PATH, 200)).toBe(100);
  });

  it('when only the service knows the token expired, 100 calls answered 401 still cause exactly one refresh', async () => {
    harness = await startSessionHarness({ separateClocks: true });
    const session = harness.newSession();
    await session.signIn('admin@training.local', PASSWORD);
    harness.serviceClock.advance(61 * MINUTE);
    const answers = await Promise.all(Array.from({ length: 100 }, () => session.client().auth.verify()));
    expect(answers).toHaveLength(100);
    expect(harness.proxy.count(VERIFY_PATH, 401)).toBe(100);
    expect(harness.proxy.count(REFRESH_PATH)).toBe(1);
    expect(harness.proxy.count(VERIFY_PATH, 200)).toBe(100);
  });
});

describe('a refused renewal', () => {
  it('signs out, tells the listeners, removes the keychain entry and leaves everything else alone', async () => {
    harness = await startSessionHarness();
    const session = harness.newSession();
    await session.signIn('pharmacist@training.local', PASSWORD);
    await saveSettings(harness.dataDir, { listenerPort: 4555 }, harness.log);
    const changes: SessionChange[] = [];
    session.onChange((change) => changes.push(change));

    // Eight days on, the 7-day refresh token has run out: the service refuses it.
    harness.advance(8 * 24 * 60 * MINUTE);
    const error = await failureOf(harness, session.client().auth.verify());
    expect(error).toMatchObject({ code: 'refresh_refused', status: 401 });
    expect(harness.proxy.count(REFRESH_PATH, 401)).toBe(1);
    expect(session.state()).toMatchObject({ status: 'signed_out', user: null });
    expect(changes.map((c) => [c.reason, c.state.status])).toEqual([['refresh_refused', 'signed_out']]);
    expect(await harness.secrets.get('pharmacist@training.local')).toBeNull();
    await expect(harness.newSession().restore()).resolves.toMatchObject({ status: 'signed_out' });
    expect((await loadSettings(harness.dataDir, harness.log)).listenerPort).toBe(4555);
  });

  it('a refused renewal during restore leaves the station signed out and the entry removed', async () => {
    harness = await startSessionHarness();
    await harness.newSession().signIn('admin@training.local', PASSWORD);
    harness.advance(8 * 24 * 60 * MINUTE);
    const restarted = harness.newSession();
    const changes: SessionChange[] = [];
    restarted.onChange((change) => changes.push(change));
    await expect(restarted.restore()).resolves.toMatchObject({ status: 'signed_out' });
    expect(changes.map((c) => c.reason)).toEqual(['refresh_refused']);
    expect(await harness.secrets.get('admin@training.local')).toBeNull();
  });
});

describe('a renewal that fails for other reasons never signs anyone out', () => {
  it('a 5xx while renewing ahead keeps the session and the current token, and renewal is tried again later', async () => {
    harness = await startSessionHarness();
    const session = harness.newSession();
    await session.signIn('technician@training.local', PASSWORD);
    harness.proxy.fault = (_method, path) => (path === REFRESH_PATH ? 502 : null);
    harness.advance(56 * MINUTE);
    await expect(session.client().auth.verify()).resolves.toMatchObject({ valid: true });
    expect(harness.proxy.count(REFRESH_PATH, 502)).toBe(1);
    expect(session.state().status).toBe('signed_in');
    expect(await harness.secrets.get('technician@training.local')).not.toBeNull();

    // Within the backoff the failing service is left alone; after it, the renewal goes through.
    harness.proxy.fault = null;
    await session.client().auth.verify();
    expect(harness.proxy.count(REFRESH_PATH)).toBe(1);
    harness.advance(2_000);
    await session.client().auth.verify();
    expect(harness.proxy.count(REFRESH_PATH, 200)).toBe(1);
  });

  it('a network failure with an expired token fails the call as a network error and keeps the session', async () => {
    harness = await startSessionHarness();
    const session = harness.newSession();
    const changes: SessionChange[] = [];
    session.onChange((change) => changes.push(change));
    await session.signIn('admin@training.local', PASSWORD);
    harness.proxy.fault = (_method, path) => (path === REFRESH_PATH ? 'network' : null);
    harness.advance(61 * MINUTE);
    const calls = Array.from({ length: 10 }, () => failureOf(harness, session.client().auth.verify()));
    const errors = await Promise.all(calls);
    expect(new Set(errors.map((e) => e.code))).toEqual(new Set(['network']));
    expect(harness.proxy.count(REFRESH_PATH)).toBe(1);
    // Asked again at once, it answers from the backoff without another attempt.
    const again = await failureOf(harness, session.client().auth.verify());
    expect(again).toMatchObject({ code: 'network' });
    expect(again.message).toMatch(/tried again in \d+ s/);
    expect(harness.proxy.count(REFRESH_PATH)).toBe(1);
    expect(session.state().status).toBe('signed_in');
    expect(changes.map((c) => c.reason)).toEqual(['signed_in']);
    expect(await harness.secrets.get('admin@training.local')).not.toBeNull();

    harness.proxy.fault = null;
    harness.advance(1_500);
    await expect(session.client().auth.verify()).resolves.toMatchObject({ valid: true });
  });

  it('a restore while the service is down keeps the saved sign-in and renews once it answers', async () => {
    harness = await startSessionHarness();
    await harness.newSession().signIn('pharmacist@training.local', PASSWORD);
    harness.proxy.fault = (_method, path) => (path === REFRESH_PATH ? 503 : null);
    const restarted = harness.newSession();
    await expect(restarted.restore()).resolves.toMatchObject({
      status: 'signed_in',
      user: { email: 'pharmacist@training.local', firstName: 'Parker' },
      role: 'pharmacist',
    });
    expect(await harness.secrets.get('pharmacist@training.local')).not.toBeNull();
    harness.proxy.fault = null;
    harness.advance(2_000);
    await expect(restarted.client().auth.verify()).resolves.toMatchObject({ valid: true });
  });
});

describe('secrets stay out of logs and errors', () => {
  it('no token appears in any log line, error or state, through sign-in, renewals, failures and sign-out', async () => {
    harness = await startSessionHarness();
    const session = harness.newSession();
    const states: string[] = [];
    session.onChange((change) => states.push(JSON.stringify(change)));
    await session.signIn('admin@training.local', PASSWORD);
    harness.advance(57 * MINUTE);
    await session.client().auth.verify();
    harness.proxy.fault = (_method, path) => (path === REFRESH_PATH ? 500 : null);
    harness.advance(61 * MINUTE);
    await failureOf(harness, session.client().auth.verify());
    harness.proxy.fault = null;
    await harness.newSession().restore();
    await failureOf(harness, session.signIn('admin@training.local', 'wrong'));
    await session.signOut();
    states.push(JSON.stringify(session.state()));

    expect(harness.proxy.tokens.size).toBeGreaterThanOrEqual(4);
    expect(harness.lines.length).toBeGreaterThan(10);
    for (const token of harness.proxy.tokens) {
      for (const text of [...states, ...harness.lines]) expect(text).not.toContain(token);
    }
    expect(harness.lines.join('\n')).not.toContain(PASSWORD);
  });
});
