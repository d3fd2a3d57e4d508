// An idle signed-in station costs the service at most 60 requests an hour, every source counted: the poller, the
// connectivity probe, token renewals, the webhook subscription's upkeep. A real station on its home screen (no screen
// refresh runs there), the training service in this process behind a counting proxy, and one hour of idle time on an
// injected clock (fake timers moved a second at a time; the count is of requests, never of time taken).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTrainingService, seedDemoData, type TrainingService } from '../../../training/index.ts';
import { type CountingProxy, startCountingProxy } from '../../bench/lib/counting-proxy.ts';
import { PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';

const HOUR = 60 * 60_000;
let service: TrainingService;
let proxy: CountingProxy;
let rig: StationRig;

/** Real I/O turns until nothing is on its way to the service (setImmediate is not faked). */
async function settle(): Promise<void> {
  for (let turn = 0; turn < 20 || proxy.inFlight() > 0; turn++) {
    await new Promise((resolve) => setImmediate(resolve));
    if (turn > 5_000) break;
  }
}

async function eventsPath(): Promise<string | null> {
  const answer = (await rig.station.invoke('connectivity:state', undefined)) as { value: { events: { path: string } } };
  return answer.value.events.path;
}

beforeAll(async () => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    shouldAdvanceTime: true,
  });
  service = await createTrainingService({ db: ':memory:', log: () => {} });
  seedDemoData(service.db, { seed: 34, orders: 40, now: new Date() });
  proxy = await startCountingProxy(await service.listen(0));
  rig = await startStationRig({ startTraining: async () => ({ url: proxy.url, stop: async () => {} }) });
  const signedIn = await rig.station.invoke('session:signIn', { email: TECHNICIAN, password: PASSWORD });
  if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.error.message}`);
  while ((await eventsPath()) !== 'webhook') await vi.advanceTimersByTimeAsync(50);
}, 60_000);

afterAll(async () => {
  await rig?.close();
  await proxy?.close();
  await service?.close();
  vi.useRealTimers();
});

describe('an idle signed-in station', () => {
  it('costs the service at most 60 requests in an hour, every source counted', async () => {
    await settle();
    proxy.reset();
    for (let second = 0; second < HOUR / 1_000; second++) {
      await vi.advanceTimersByTimeAsync(1_000);
      await settle();
    }
    const requests = proxy.requests();
    const bySource = Object.entries(Object.groupBy(requests, (request) => request))
      .map(([request, times]) => `${request} ×${times?.length}`)
      .join(', ');
    // The poller's safety net and the token's renewal at least: an hour that asked nothing would prove nothing.
    expect(requests.length, bySource).toBeGreaterThan(0);
    expect(requests.length, bySource).toBeLessThanOrEqual(60);
  }, 120_000);
});
