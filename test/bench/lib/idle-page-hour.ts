// A whole idle station-hour with its page, every request to the service counted: the browser shell (main, as
// `npm run start:browser` puts it together) on main's injected clock (StationOptions.clock, a manual clock), a real
// Chromium page signed in as a technician and left alone on Playwright's page clock (installed before the page opens,
// paused once signed in, then run five seconds at a time beside main's), and the training service in this process on the
// same time behind a counting proxy. For each way events come: the pharmacy's relay (a real nats-server and relay on
// real time, so their heartbeats keep it live), the service's webhook, and polling alone (the listener's port taken).
// The page's own bridge calls are counted too (what its screens re-read; main answers them, from the service or not).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { createLogger } from '../../../main/platform/log/logger.ts';
import { launchBrowserShell } from '../../../main/shells/browser/launch.ts';
import { createRelay } from '../../../relay/relay.ts';
import { createTrainingService, seedDemoData } from '../../../training/index.ts';
import { signIn } from '../../e2e/support.ts';
import { startNatsServer } from '../../integration/relay/nats-server.ts';
import { manualClock } from '../../unit/station/manual-clock.ts';
import { watchBridge } from './bridge-idle.ts';
import { type CountingProxy, startCountingProxy } from './counting-proxy.ts';

export type EventsPath = 'relay' | 'webhook' | 'polling';

export interface IdlePageHour {
  path: EventsPath;
  /** Requests the service received in the hour (every method), from main on behalf of itself and the page. */
  requests: number;
  /** The same by method and path, most first. */
  bySource: Record<string, number>;
  /** Calls the page made over the bridge in the hour (its screens' own re-reads and anything else). */
  pageCalls: number;
  /** The same in the idle minutes before the hour (the page is live: its screens re-read while someone was there). */
  warmUpPageCalls: number;
  /** Whether the way events came was the same at the hour's end. */
  pathHeld: boolean;
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
/**
 * How far both clocks move at each step. Five seconds, not one: nothing the hour counts is due closer together (the
 * poller's 64 s, the screens' 15 s and longer, the token's hour), each step still waits for every request it started,
 * and the e2e's two hours took a minute of the run at one-second steps.
 */
const STEP = 5 * SECOND;

/** Real I/O turns until nothing is on its way to the service. */
async function settle(proxy: CountingProxy): Promise<void> {
  for (let turn = 0; turn < 20 || proxy.inFlight() > 0; turn++) {
    await new Promise((resolve) => setImmediate(resolve));
    if (turn > 5_000) break;
  }
}

async function takenPort(holders: (() => Promise<void>)[]): Promise<number> {
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  holders.push(() => new Promise((resolve) => holder.close(() => resolve())));
  const address = holder.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/** One mode's idle hour, after `warmUpMinutes` of idle time that is not counted (the sign-in's own reads end). */
export async function idlePageHour(browser: Browser, path: EventsPath, warmUpMinutes = 10): Promise<IdlePageHour> {
  const stops: (() => Promise<unknown>)[] = [];
  const work = mkdtempSync(join(tmpdir(), `idle-page-${path}-`));
  try {
    const clock = manualClock(Date.now());
    const service = await createTrainingService({ db: ':memory:', log: () => {}, clock: () => new Date(clock.now()) });
    stops.push(() => service.close());
    seedDemoData(service.db, { seed: 34, orders: 200, now: new Date(clock.now()) });
    const proxy = await startCountingProxy(await service.listen(0));
    stops.push(() => proxy.close());
    const settings: Record<string, unknown> = {};
    if (path === 'relay') {
      const nats = await startNatsServer();
      stops.push(() => nats.stop());
      const relay = createRelay({
        port: 0,
        stateDir: join(work, 'relay'),
        nats: { servers: [nats.url] },
        service: null,
        log: () => {},
      });
      await relay.start();
      stops.push(() => relay.stop());
      Object.assign(settings, {
        eventsRelayServers: nats.url,
        eventsRelayStation: 'station-1',
        eventsRelayName: 'Station 1',
      });
    }
    const holders: (() => Promise<void>)[] = [];
    stops.push(async () => {
      for (const release of holders) await release();
    });
    const dataDir = join(work, 'station');
    const listenerPort = path === 'polling' ? await takenPort(holders) : 0;
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, 'settings.json'), JSON.stringify(settings));
    const launched = await launchBrowserShell({
      dataDir,
      version: '0.0.0-bench',
      port: 0,
      listenerPort,
      clock,
      log: createLogger({ scope: 'station', level: 'error', write: () => {} }),
      startTraining: async () => ({ url: proxy.url, stop: async () => {} }),
    });
    stops.push(() => launched.close());
    const eventsPath = async () => {
      const answer = (await launched.station.invoke('connectivity:state', undefined)) as {
        ok: boolean;
        value?: { events: { path: string | null } };
      };
      return answer.value?.events.path ?? null;
    };

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    stops.push(() => context.close());
    const page = await context.newPage();
    await page.clock.install({ time: clock.now() });
    const bridge = watchBridge(page);
    await signIn(page, launched.shell.newAddress(), 'technician');
    // Main's way of hearing events settles on real time (the subscription, the relay's consumer): waited for.
    for (let tries = 0; (await eventsPath()) !== path; tries++) {
      if (tries > 600) throw new Error(`the station never heard events by ${path}: ${await eventsPath()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await bridge.idle();
    bridge.calls();
    // From here the page's time moves only with main's, five seconds at a time.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + SECOND);
    const tick = async () => {
      await clock.advance(STEP);
      await page.clock.runFor(STEP);
      await settle(proxy);
    };
    for (let step = 0; step < (warmUpMinutes * MINUTE) / STEP; step++) await tick();
    await bridge.idle();
    proxy.reset();
    const warmUpPageCalls = bridge.calls().length;
    for (let step = 0; step < (60 * MINUTE) / STEP; step++) await tick();
    await bridge.idle();
    const requests = proxy.requests();
    const counted = Object.entries(Object.groupBy(requests, (request) => request)).map(
      ([request, times]) => [request, times?.length ?? 0] as const,
    );
    return {
      path,
      requests: requests.length,
      bySource: Object.fromEntries(counted.sort((a, b) => b[1] - a[1])),
      pageCalls: bridge.calls().length,
      warmUpPageCalls,
      pathHeld: (await eventsPath()) === path,
    };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  }
}

/** The three ways events come, one after another (each its own service, station and page). */
export async function idlePageHours(browser: Browser): Promise<IdlePageHour[]> {
  const hours: IdlePageHour[] = [];
  for (const path of ['relay', 'webhook', 'polling'] as const) hours.push(await idlePageHour(browser, path));
  return hours;
}
