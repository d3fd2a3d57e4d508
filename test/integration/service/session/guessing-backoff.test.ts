// Password guessing at the station is slowed per account: after three wrong passwords in a row at sign-in or unlock the
// account waits (doubling), refused at once without a request; the service's own 429 is said, not slept through.
import { afterEach, describe, expect, it } from 'vitest';
import { failureOf, PASSWORD, type SessionHarness, startSessionHarness } from './harness.ts';

const LOGIN_PATH = '/api/v1/auth/login';

let harness: SessionHarness;
afterEach(async () => {
  harness.assertNoTokenLeaked();
  await harness.close();
});

describe('slowing password guessing at the station', () => {
  it('thirty wrong passwords in a row at sign-in: three reach the service, the rest wait, doubling', async () => {
    harness = await startSessionHarness();
    const session = harness.newSession();
    const codes: string[] = [];
    for (let i = 0; i < 30; i++)
      codes.push((await failureOf(harness, session.signIn('pharmacist@training.local', `guess-${i}`))).code!);
    expect(codes.slice(0, 3)).toEqual(['invalid_credentials', 'invalid_credentials', 'invalid_credentials']);
    expect(codes.slice(3).every((code) => code === 'too_many_attempts')).toBe(true);
    expect(harness.proxy.count(LOGIN_PATH)).toBe(3);

    // The right password waits too, with a message that says how long; another account does not.
    const waiting = await failureOf(harness, session.signIn('Pharmacist@training.local', PASSWORD));
    expect(waiting.code).toBe('too_many_attempts');
    expect(waiting.message).toMatch(/try again in 1 s/);
    await expect(harness.newSession().signIn('technician@training.local', PASSWORD)).resolves.toMatchObject({
      status: 'signed_in',
    });

    // After the wait (the clock is the session's, injected), one more wrong password doubles the wait.
    harness.advance(1000);
    expect((await failureOf(harness, session.signIn('pharmacist@training.local', 'guess-again'))).code).toBe(
      'invalid_credentials',
    );
    expect((await failureOf(harness, session.signIn('pharmacist@training.local', PASSWORD))).message).toMatch(
      /try again in 2 s/,
    );
    harness.advance(2000);
    await expect(session.signIn('pharmacist@training.local', PASSWORD)).resolves.toMatchObject({
      status: 'signed_in',
    });
  });

  it('unlock counts wrong passwords for the signed-in account the same way', async () => {
    harness = await startSessionHarness();
    const session = harness.newSession();
    await session.signIn('technician@training.local', PASSWORD);
    session.lock();
    const before = harness.proxy.count(LOGIN_PATH);
    const codes: string[] = [];
    for (let i = 0; i < 10; i++) codes.push((await failureOf(harness, session.unlock(`guess-${i}`))).code!);
    expect(codes.filter((code) => code === 'invalid_credentials')).toHaveLength(3);
    expect(codes.slice(3).every((code) => code === 'too_many_attempts')).toBe(true);
    expect(harness.proxy.count(LOGIN_PATH) - before).toBe(3);
    expect(session.state().status).toBe('locked');
    harness.advance(1000);
    await expect(session.unlock(PASSWORD)).resolves.toMatchObject({ status: 'signed_in' });
  });

  it("the service's 429 is said at once with its wait, and the station keeps to that wait", async () => {
    harness = await startSessionHarness();
    // Another station guessed this account's password: the service makes it wait.
    for (let i = 0; i < 5; i++) await failureOf(harness, harness.newSession().signIn('admin@training.local', `x-${i}`));
    const session = harness.newSession();
    const refused = await failureOf(harness, session.signIn('admin@training.local', PASSWORD));
    expect(refused.code).toBe('too_many_attempts');
    expect(refused.message).toMatch(/try again in 1 s/);
    const sent = harness.proxy.count(LOGIN_PATH);
    expect((await failureOf(harness, session.signIn('admin@training.local', PASSWORD))).code).toBe('too_many_attempts');
    expect(harness.proxy.count(LOGIN_PATH)).toBe(sent);
    harness.advance(1000);
    await expect(session.signIn('admin@training.local', PASSWORD)).resolves.toMatchObject({ status: 'signed_in' });
  });
});
