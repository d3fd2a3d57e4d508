// The browser shell's one-time addresses: a code opens the page session once, never twice, not after it lapsed, and
// the session is its cookie alone (the code is not it). The clock is injected.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { CODE_LIFETIME_MS, createPageSessions } from '../../../../main/shells/browser/page-session.ts';

const codeOf = (address: string) => new URL(address).searchParams.get('code');
const withCookie = (cookie: string) => ({ headers: { cookie } }) as unknown as IncomingMessage;

describe('one-time addresses', () => {
  it('a code is spent by its first use, and a lapsed one opens nothing', () => {
    let now = 1_000;
    const sessions = createPageSessions('http://127.0.0.1:5000', 5000, () => now);
    const first = codeOf(sessions.newAddress());
    expect(sessions.redeem(first)).toBe(true);
    expect(sessions.redeem(first)).toBe(false);
    const late = codeOf(sessions.newAddress());
    now += CODE_LIFETIME_MS;
    expect(sessions.redeem(late)).toBe(false);
    expect(sessions.redeem(null)).toBe(false);
    expect(sessions.redeem('x'.repeat(10_000))).toBe(false);
  });

  it('the session is the cookie set on the exchange, named by port; the code is not it', () => {
    const sessions = createPageSessions('http://127.0.0.1:5000', 5000);
    const address = sessions.newAddress();
    const cookie = sessions.cookieHeader().split(';')[0] as string;
    expect(sessions.cookieHeader()).toMatch(/^station-session-5000=[\w-]{43}; HttpOnly; SameSite=Strict; Path=\/$/);
    expect(sessions.holds(withCookie(`theme=dark; ${cookie}`))).toBe(true);
    expect(sessions.holds(withCookie(`station-session-5000=${codeOf(address)}`))).toBe(false);
    expect(sessions.holds(withCookie(cookie.replace('5000', '5001')))).toBe(false);
    expect(sessions.holds(withCookie(''))).toBe(false);
  });
});
