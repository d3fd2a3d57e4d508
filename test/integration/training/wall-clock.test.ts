// Tokens and Idempotency-Keys live on the wall clock: a stepped or fast-running simulation neither stretches a session
// nor forgets a key the outbox may still resend.
import { randomUUID } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TRAINING_PASSWORD } from '../../../training/auth/users.ts';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const login = () =>
  h.api('POST', '/api/v1/auth/login', {
    as: null,
    body: { email: 'technician@training.local', password: TRAINING_PASSWORD },
  });
const verify = (token: string) => h.api('GET', '/api/v1/auth/verify', { token });
const refresh = (token: string) => h.api('POST', '/api/v1/auth/refresh', { token });
const step = (minutes: number) => h.api('POST', '/api/v1/training/simulation/step', { body: { minutes } });
const serviceNow = async () => {
  const state = await h.api('GET', '/api/v1/training/simulation');
  return new Date(state.body.simulated_now).getTime();
};

/** Token times are whole seconds: within the second before `expected`. */
const expectLifetime = (ms: number, expected: number) => {
  expect(ms).toBeLessThanOrEqual(expected);
  expect(ms).toBeGreaterThan(expected - 1000);
};

/** Signs in after the simulation ran ahead and checks the tokens hold 60 minutes and 7 days of wall-clock time. */
async function expectWallClockLifetimes(): Promise<void> {
  const wallAtSignIn = h.clock.now.getTime();
  const signedIn = await login();
  expect(signedIn.status).toBe(200);
  const { access_token: access, refresh_token: refreshToken } = signedIn.body;
  expectLifetime((decodeJwt(access).exp as number) * 1000 - wallAtSignIn, 60 * MINUTE);
  expectLifetime(new Date(signedIn.body.expires_at).getTime() - wallAtSignIn, 7 * DAY);

  h.clock.advance(59 * MINUTE);
  expect((await verify(access)).status).toBe(200);
  h.clock.advance(2 * MINUTE);
  const expired = await verify(access);
  expect(expired.status).toBe(401);
  expect(expired.body.message).toMatch(/expired/);

  const renewed = await refresh(refreshToken);
  expect(renewed.status).toBe(200);
  expectLifetime(new Date(renewed.body.expires_at).getTime() - h.clock.now.getTime(), 60 * MINUTE);
  h.clock.advance(7 * DAY - 61 * MINUTE + MINUTE);
  expect((await refresh(refreshToken)).status).toBe(401);
}

describe('training tokens on the wall clock', () => {
  it('a sign-in after a 1,500-minute step gets a 60-minute access token and a 7-day refresh token', async () => {
    expect((await step(1500)).status).toBe(200);
    expect((await serviceNow()) - h.clock.now.getTime()).toBeGreaterThanOrEqual(1500 * MINUTE);
    await expectWallClockLifetimes();
  });

  it('a sign-in while the simulation runs at 3600× gets the same lifetimes, however far the service clock runs', async () => {
    const running = await h.api('PUT', '/api/v1/training/simulation', { body: { running: true, speed: 3600 } });
    expect(running.status).toBe(200);
    h.clock.advance(10 * MINUTE);
    // Ten wall-clock minutes at 3600× are ten simulated hours ahead.
    expect((await serviceNow()) - h.clock.now.getTime()).toBeGreaterThan(9 * 60 * MINUTE);
    await expectWallClockLifetimes();
  });

  it('refuses a correctly signed token whose issue time is ahead of the wall clock or whose lifetime is too long', async () => {
    const row = h.service.db.get<{ value: string }>("SELECT value FROM service_settings WHERE key = 'jwt_signing_key'");
    const key = Buffer.from(row?.value ?? '', 'hex');
    const userId = decodeJwt(h.tokens.technician).sub as string;
    const sign = (iatMs: number, lifetimeS: number) =>
      new SignJWT({ typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('fulfillment-station-training')
        .setSubject(userId)
        .setJti(randomUUID())
        .setIssuedAt(Math.floor(iatMs / 1000))
        .setExpirationTime(Math.floor(iatMs / 1000) + lifetimeS)
        .sign(key);
    const now = h.clock.now.getTime();
    // What a token stamped on the simulated clock after a day's step looked like: issued tomorrow, valid till then.
    expect((await verify(await sign(now + DAY, 3600))).status).toBe(401);
    expect((await verify(await sign(now, 28 * 3600))).status).toBe(401);
    expect((await verify(await sign(now, 3600))).status).toBe(200);
  });
});

describe('Idempotency-Keys on the wall clock', () => {
  const createTask = (key: string) =>
    h.api('POST', '/api/v1/tasks', {
      as: 'technician',
      body: { name: 'Restock the shelf', category_code: 'T01' },
      headers: { 'Idempotency-Key': key },
    });
  const taskCount = () => h.service.db.get<{ n: number }>('SELECT count(*) AS n FROM tasks')?.n ?? 0;

  it('a create replayed after a 1,500-minute simulation step makes no second task', async () => {
    const key = `task-${randomUUID()}`;
    const first = await createTask(key);
    expect(first.status).toBe(201);
    expect((await step(1500)).status).toBe(200);
    const before = taskCount();
    const replay = await createTask(key);
    expect(replay.body.id).toBe(first.body.id);
    expect(taskCount()).toBe(before);
  });

  it('keeps a key for 7 days of wall-clock time, then lets it go', async () => {
    const key = `task-${randomUUID()}`;
    const first = await createTask(key);
    // The same technician signs in again (the first token expired long ago) and resends.
    const again = async (k: string) =>
      h.api('POST', '/api/v1/tasks', {
        token: (await login()).body.access_token,
        body: { name: 'Restock the shelf', category_code: 'T01' },
        headers: { 'Idempotency-Key': k },
      });
    h.clock.advance(6 * DAY + 23 * 60 * MINUTE);
    expect((await again(key)).body.id).toBe(first.body.id);
    h.clock.advance(2 * 60 * MINUTE);
    const fresh = await again(key);
    expect(fresh.status).toBe(201);
    expect(fresh.body.id).not.toBe(first.body.id);
  });
});
