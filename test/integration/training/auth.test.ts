// Signing in to the training service: the demo accounts, token lifetimes, refresh, verify and roles.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const login = (email: string, password: string) =>
  h.api('POST', '/api/v1/auth/login', { as: null, body: { email, password } });

describe('training service sign-in', () => {
  it('signs in each demo user with the training password and says who they are', async () => {
    for (const role of ['admin', 'pharmacist', 'technician']) {
      const res = await login(`${role}@training.local`, 'Training-2026!');
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ email: `${role}@training.local`, role, is_active: true });
      expect(res.body.user.password_hash).toBeUndefined();
      const refreshExpiry = new Date(res.body.expires_at).getTime() - h.clock.now.getTime();
      expect(Math.round(refreshExpiry / 86_400_000)).toBe(7);
    }
  });

  it('refuses a wrong password and an unknown email with the same 401', async () => {
    const wrong = await login('admin@training.local', 'not-it');
    const unknown = await login('nobody@training.local', 'Training-2026!');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it('needs a token on every other operation', async () => {
    const res = await h.api('GET', '/api/v1/auth/verify', { as: null });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: 'unauthorized' });
  });

  it('verify says the token is valid and whose it is', async () => {
    const res = await h.api('GET', '/api/v1/auth/verify', { as: 'pharmacist' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ valid: true, user: { role: 'pharmacist' } });
  });

  it('refresh with an access token is refused with a clear message', async () => {
    const res = await h.api('POST', '/api/v1/auth/refresh', { as: 'admin' });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/refresh token, not the access token/);
  });

  it('refresh with the refresh token answers a new access token that works', async () => {
    const signedIn = await login('technician@training.local', 'Training-2026!');
    const res = await h.api('POST', '/api/v1/auth/refresh', { token: signedIn.body.refresh_token });
    expect(res.status).toBe(200);
    expect(res.body.access_token).toEqual(expect.any(String));
    const verify = await h.api('GET', '/api/v1/auth/verify', { token: res.body.access_token });
    expect(verify.body.user.role).toBe('technician');
  });

  it('a refresh token is not an access token', async () => {
    const signedIn = await login('admin@training.local', 'Training-2026!');
    const res = await h.api('GET', '/api/v1/auth/verify', { token: signedIn.body.refresh_token });
    expect(res.status).toBe(401);
  });

  it('an access token expires after 60 minutes, the refresh token still refreshes', async () => {
    const signedIn = await login('admin@training.local', 'Training-2026!');
    h.clock.advance(59 * 60_000);
    expect((await h.api('GET', '/api/v1/auth/verify', { token: signedIn.body.access_token })).status).toBe(200);
    h.clock.advance(2 * 60_000);
    const expired = await h.api('GET', '/api/v1/auth/verify', { token: signedIn.body.access_token });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toMatch(/expired/);
    const refreshed = await h.api('POST', '/api/v1/auth/refresh', { token: signedIn.body.refresh_token });
    expect(refreshed.status).toBe(200);
  });

  it('a forged or garbled token is refused', async () => {
    const garbled = await h.api('GET', '/api/v1/auth/verify', { token: 'eyJhbGciOiJub25lIn0.e30.' });
    expect(garbled.status).toBe(401);
    // A technician's real token, its claims rewritten to an admin's (the signature kept), re-signed with a key of the
    // forger's own, or sent unsigned (alg none): each refused, though the claims read as an admin's.
    const real = (await login('technician@training.local', 'Training-2026!')).body.access_token as string;
    const [header, payload] = real.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const asAdmin = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
    const ownKey = createHmac('sha256', 'the forger’s own key').update(`${header}.${asAdmin}`).digest('base64url');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const forgeries = {
      claimsRewritten: `${header}.${asAdmin}.${real.split('.')[2]}`,
      signedWithAnotherKey: `${header}.${asAdmin}.${ownKey}`,
      unsigned: `${none}.${asAdmin}.`,
    };
    expect((await h.api('GET', '/api/v1/auth/verify', { token: real })).status).toBe(200);
    for (const [how, token] of Object.entries(forgeries)) {
      expect((await h.api('GET', '/api/v1/auth/verify', { token })).status, how).toBe(401);
    }
  });
});
