// Issue 34's budget with the page open: a station signed in and left alone costs the service at most 60 requests an
// hour, every source counted (connectivity, the poller, the token's renewal, and the screens' own re-reads, which stop
// once nobody has been at the station for five minutes). Main runs on its injected clock and the page on Playwright's
// clock, moved together five seconds at a time, with every request counted at a counting proxy in front of a training
// service on the same time (test/bench/lib/idle-page-hour.ts, which the events bench runs for all three ways). The
// counts are of requests, never of time taken.
import { expect, test } from '@playwright/test';
import { type EventsPath, idlePageHour } from '../bench/lib/idle-page-hour.ts';

test.describe.configure({ timeout: 300_000 });

const ways: [EventsPath, string][] = [
  ['relay', 'the pharmacy’s relay'],
  ['polling', 'polling alone, with no relay and no webhook'],
];

for (const [path, words] of ways) {
  test(`an idle station with its page open, hearing events through ${words}, costs at most 60 requests an hour`, async ({
    browser,
  }) => {
    const hour = await idlePageHour(browser, path);
    const sources = JSON.stringify(hour.bySource);
    expect(hour.pathHeld, 'the way events came stayed the same all hour').toBe(true);
    // The token's renewal is in the hour: an hour that asked nothing would prove nothing.
    expect(hour.bySource['POST /api/v1/auth/refresh'] ?? 0, sources).toBeGreaterThanOrEqual(1);
    expect(hour.requests, sources).toBeLessThanOrEqual(60);
    // Nobody at the station: the screens re-read nothing of their own.
    expect(hour.pageCalls).toBe(0);
  });
}
