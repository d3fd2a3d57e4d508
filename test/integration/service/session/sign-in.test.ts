// Signing in, restoring from the keychain, signing out and locking, against the training service over real HTTP.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_STATE_FILE, type SessionChange } from '../../../../main/service/session/index.ts';
import { failureOf, PASSWORD, REFRESH_PATH, type SessionHarness, startSessionHarness } from './harness.ts';

let harness: SessionHarness;
afterEach(async () => {
  harness.assertNoTokenLeaked();
  await harness.close();
});

describe('signing in', () => {
  it('signs in with email and password and shows who is signed in, without any token', async () => {
    harness = await startSessionHarness();
    const session = harness.newSession();
    const state = await session.signIn('Pharmacist@training.local', PASSWORD);
    expect(state).toMatchObject({
      status: 'signed_in',
      user: { email: 'pharmacist@training.local', firstName: 'Parker', lastName: 'Pharmacist' },
      role: 'pharmacist',
      keychain: 'memory',
    });
    // The sign-in lasts as long as the refresh token: 7 days.
    const days = (Date.parse(state.expiresAt as string) - harness.sessionClock.now.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 1);
    for (const token of harness.proxy.tokens) expect(JSON.stringify(state)).not.toContain(token);
    await expect(session.client().auth.verify()).resolves.toMatchObject({ valid: true });
  });

  it('keeps the refresh token in the secret store and only the account name in the data folder', async () => {
    harness = await startSessionHarness();
    await harness.newSession().signIn('technician@training.local', PASSWORD);
    const refreshToken = await harness.secrets.get('technician@training.local');
    expect(refreshToken).toMatch(/^eyJ/);
    const stateFile = await readFile(join(harness.dataDir, SESSION_STATE_FILE), 'utf8');
    expect(stateFile).toContain('technician@training.local');
    expect(stateFile).not.toContain('eyJ');
    for (const token of harness.proxy.tokens) expect(stateFile).not.toContain(token);
  });

  it('refuses a wrong password with a clear message and stores nothing', async () => {
    harness = await startSessionHarness();
    const session = harness.newSession();
    const error = await failureOf(harness, session.signIn('admin@training.local', 'not-the-password'));
    expect(error).toMatchObject({ code: 'invalid_credentials', message: 'The email or password is not right.' });
    expect(error.message).not.toContain('not-the-password');
    expect(session.state().status).toBe('signed_out');
    expect(await harness.secrets.get('admin@training.local')).toBeNull();
  });

  it('refuses an email that is not one before asking the service', async () => {
    harness = await startSessionHarness();
    const error = await failureOf(harness, harness.newSession().signIn('not an email', PASSWORD));
    expect(error).toMatchObject({ code: 'invalid_input' });
    expect(harness.proxy.requests).toHaveLength(0);
  });

  it('tells listeners about sign-in and sign-out with the new state', async () => {
    harness = await startSessionHarness();
    const session = harness.newSession();
    const changes: SessionChange[] = [];
    const stop = session.onChange((change) => changes.push(change));
    await session.signIn('admin@training.local', PASSWORD);
    await session.signOut();
    stop();
    await session.signIn('admin@training.local', PASSWORD);
    expect(changes.map((c) => [c.reason, c.state.status])).toEqual([
      ['signed_in', 'signed_in'],
      ['signed_out', 'signed_out'],
    ]);
  });

  it("signing in as another person removes the first person's saved sign-in", async () => {
    harness = await startSessionHarness();
    const session = harness.newSession();
    await session.signIn('admin@training.local', PASSWORD);
    await session.signIn('pharmacist@training.local', PASSWORD);
    expect(await harness.secrets.get('admin@training.local')).toBeNull();
    expect(await harness.secrets.get('pharmacist@training.local')).not.toBeNull();
    expect(session.state().role).toBe('pharmacist');
  });
});

describe('restoring from the keychain', () => {
  it('a new session with the same secret store signs the last user back in without the password', async () => {
    harness = await startSessionHarness();
    await harness.newSession().signIn('pharmacist@training.local', PASSWORD);
    const logins = harness.proxy.count('/api/v1/auth/login');

    const restarted = harness.newSession();
    expect(restarted.state().status).toBe('signed_out');
    const changes: SessionChange[] = [];
    restarted.onChange((change) => changes.push(change));
    const state = await restarted.restore();
    expect(state).toMatchObject({
      status: 'signed_in',
      user: { email: 'pharmacist@training.local' },
      role: 'pharmacist',
    });
    expect(changes.map((c) => c.reason)).toEqual(['restored']);
    expect(harness.proxy.count('/api/v1/auth/login')).toBe(logins);
    expect(harness.proxy.count(REFRESH_PATH, 200)).toBe(1);
    await expect(restarted.client().auth.verify()).resolves.toMatchObject({ valid: true });
  });

  it('with nothing saved, restore leaves the station signed out', async () => {
    harness = await startSessionHarness();
    await expect(harness.newSession().restore()).resolves.toMatchObject({ status: 'signed_out', user: null });
    expect(harness.proxy.requests).toHaveLength(0);
  });

  it('sign out removes the keychain entry, so the next start asks to sign in', async () => {
    harness = await startSessionHarness();
    const session = harness.newSession();
    await session.signIn('admin@training.local', PASSWORD);
    await expect(session.signOut()).resolves.toMatchObject({ status: 'signed_out', user: null, role: null });
    expect(await harness.secrets.get('admin@training.local')).toBeNull();
    await expect(harness.newSession().restore()).resolves.toMatchObject({ status: 'signed_out' });
    const error = await failureOf(harness, session.client().auth.verify());
    expect(error).toMatchObject({ code: 'unauthenticated' });
  });

  it('sign out before any restore still removes the saved sign-in', async () => {
    harness = await startSessionHarness();
    await harness.newSession().signIn('admin@training.local', PASSWORD);
    await harness.newSession().signOut();
    expect(await harness.secrets.get('admin@training.local')).toBeNull();
  });
});

describe('locking', () => {
  it('a locked station keeps working in the background and unlocks only with the right password', async () => {
    harness = await startSessionHarness();
    const session = harness.newSession();
    await session.signIn('technician@training.local', PASSWORD);
    expect(session.lock()).toMatchObject({ status: 'locked', user: { email: 'technician@training.local' } });
    await expect(session.client().auth.verify()).resolves.toMatchObject({ valid: true });
    const wrong = await failureOf(harness, session.unlock('wrong password'));
    expect(wrong).toMatchObject({ code: 'invalid_credentials' });
    expect(session.state().status).toBe('locked');
    await expect(session.unlock(PASSWORD)).resolves.toMatchObject({ status: 'signed_in' });
    const notLocked = await failureOf(harness, session.unlock(PASSWORD));
    expect(notLocked).toMatchObject({ code: 'not_locked' });
  });
});
