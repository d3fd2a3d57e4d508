// The station knows the service is down within seconds of a hang or a refused connection, answers "offline" at once
// while it is, tells slow from down, and comes back within a probe of the service returning. Time is a manual clock.
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../main/service/client/index.ts';
import {
  CONNECTIVITY_DEFAULTS,
  type ConnectivityView,
  createConnectivity,
} from '../../../main/service/connectivity/connectivity.ts';
import { manualClock } from './manual-clock.ts';

/** A probe the test answers: `up` decides; a down service never answers, so the probe fails at its timeout. */
function rig() {
  const clock = manualClock();
  const seen: { view: ConnectivityView; cameBack: boolean; at: number }[] = [];
  const service = { up: true, probes: 0 };
  const connectivity = createConnectivity(
    () => ({ kind: 'training', baseUrl: 'http://127.0.0.1:1' }),
    (view, cameBack) => seen.push({ view, cameBack, at: clock.now() }),
    {
      clock,
      probe: (timeoutMs) => {
        service.probes += 1;
        if (service.up) return Promise.resolve(true);
        return new Promise((resolve) => clock.setTimeout(() => resolve(false), timeoutMs));
      },
    },
  );
  return { clock, seen, service, connectivity, start: clock.now() };
}

const unreachable = new ServiceError({ status: 0, code: 'network', operation: 'orders.get', message: 'refused' });

describe('connectivity', () => {
  it('a call that hangs makes the station offline within 3 s, and releases the call at once', async () => {
    const { clock, seen, service, connectivity, start } = rig();
    service.up = false;
    const call = connectivity.watch();
    await clock.advance(3_000);
    expect(connectivity.isOffline()).toBe(true);
    expect(seen[0]?.view.service).toBe('offline');
    expect(seen[0]!.at - start).toBeLessThanOrEqual(3_000);
    expect(seen[0]?.view.offlineSince).toBe(new Date(seen[0]!.at).toISOString());
    expect(call.signal.aborted).toBe(true);
    connectivity.stop();
  });

  it('a refused connection means offline at once, without waiting for a probe', async () => {
    const { seen, connectivity } = rig();
    const call = connectivity.watch();
    call.done(unreachable);
    expect(connectivity.isOffline()).toBe(true);
    expect(seen.map((s) => s.view.service)).toEqual(['offline']);
    connectivity.stop();
  });

  it('a slow call whose probe answers is slow, not offline, and online again when the call answers', async () => {
    const { clock, seen, connectivity } = rig();
    const call = connectivity.watch();
    await clock.advance(10_000);
    expect(connectivity.isOffline()).toBe(false);
    expect(connectivity.state()).toMatchObject({ online: true, service: 'slow' });
    expect(call.signal.aborted).toBe(false);
    call.done();
    expect(seen.map((s) => s.view.service)).toEqual(['slow', 'online']);
    connectivity.stop();
  });

  it('a call that answers in time sends no probe', async () => {
    const { clock, service, connectivity } = rig();
    const call = connectivity.watch();
    await clock.advance(500);
    call.done();
    await clock.advance(5_000);
    expect(service.probes).toBe(0);
    expect(connectivity.state().service).toBe('online');
  });

  it('while offline a probe each second brings it back within 3 s of the service returning', async () => {
    const { clock, seen, service, connectivity } = rig();
    service.up = false;
    connectivity.watch().done(unreachable);
    await clock.advance(20_000);
    expect(connectivity.isOffline()).toBe(true);
    const probesWhileDown = service.probes;
    expect(probesWhileDown).toBeGreaterThan(5);
    service.up = true;
    const returned = clock.now();
    await clock.advance(3_000);
    expect(connectivity.isOffline()).toBe(false);
    const back = seen.find((s) => s.cameBack);
    expect(back?.view).toMatchObject({ online: true, service: 'online', offlineSince: null });
    expect(back!.at - returned).toBeLessThanOrEqual(3_000);
    // Online again: no more probes.
    const after = service.probes;
    await clock.advance(10_000);
    expect(service.probes).toBe(after);
  });

  it('a call while offline probes at once instead of waiting for the next round, but not in a burst', async () => {
    const { clock, service, connectivity } = rig();
    service.up = false;
    connectivity.watch().done(unreachable);
    await clock.advance(1_000); // the first round's probe starts
    await clock.advance(1_500); // and fails
    service.up = true;
    connectivity.nudge(); // too soon after the failed one: nothing
    await clock.advance(300);
    const before = service.probes;
    connectivity.nudge();
    connectivity.nudge();
    await clock.advance(0);
    expect(service.probes).toBe(before + 1);
    expect(before).toBe(1);
    expect(connectivity.isOffline()).toBe(false);
    connectivity.stop();
  });

  it('a refusal from the service (a 404) still means it is there', async () => {
    const { connectivity } = rig();
    connectivity.watch().done(unreachable);
    const missing = new ServiceError({ status: 404, code: 'not_found', operation: 'orders.get', message: 'no' });
    connectivity.observeError(missing);
    expect(connectivity.state().service).toBe('online');
    connectivity.stop();
  });

  it('stops probing once stopped', async () => {
    const { clock, service, connectivity } = rig();
    service.up = false;
    connectivity.watch().done(unreachable);
    connectivity.stop();
    await clock.advance(10_000);
    expect(service.probes).toBe(0);
    expect(clock.pending()).toBe(0);
  });
});

describe('connectivity while idle', () => {
  /** As the station wires it: a probe only after 10 minutes with nothing asked of the service and nothing heard. */
  function idleRig() {
    const clock = manualClock();
    const seen: { view: ConnectivityView; at: number }[] = [];
    const service = { up: true, probes: 0 };
    const connectivity = createConnectivity(
      () => ({ kind: 'training', baseUrl: 'http://127.0.0.1:1' }),
      (view) => seen.push({ view, at: clock.now() }),
      {
        clock,
        idleProbeEveryMs: CONNECTIVITY_DEFAULTS.idleProbeEveryMs,
        probe: (timeoutMs) => {
          service.probes += 1;
          if (service.up) return Promise.resolve(true);
          return new Promise((resolve) => clock.setTimeout(() => resolve(false), timeoutMs));
        },
      },
    );
    return { clock, seen, service, connectivity };
  }

  it('an idle station that hears nothing probes at most 6 times an hour', async () => {
    const { clock, service, connectivity } = idleRig();
    await clock.advance(60 * 60_000);
    expect(service.probes).toBeLessThanOrEqual(6);
    expect(service.probes).toBeGreaterThan(0);
    connectivity.stop();
  });

  it('a service that freezes while nobody asks it anything shows offline at the next quiet probe', async () => {
    const { clock, seen, service, connectivity } = idleRig();
    await clock.advance(60_000);
    service.up = false;
    const frozenAt = clock.now();
    await clock.advance(CONNECTIVITY_DEFAULTS.idleProbeEveryMs + CONNECTIVITY_DEFAULTS.probeTimeoutMs);
    expect(connectivity.isOffline()).toBe(true);
    const offlineAt = seen.find((s) => s.view.service === 'offline')!.at;
    expect(offlineAt - frozenAt).toBeLessThanOrEqual(
      CONNECTIVITY_DEFAULTS.idleProbeEveryMs + CONNECTIVITY_DEFAULTS.probeTimeoutMs,
    );
    connectivity.stop();
  });

  it("what the station's own requests heard stands for the probe: a minute's poll leaves nothing to probe", async () => {
    const { clock, service, connectivity } = idleRig();
    for (let minute = 0; minute < 60; minute++) {
      await clock.advance(60_000);
      connectivity.observe({ answered: true });
    }
    expect(service.probes).toBe(0);
    connectivity.stop();
  });

  it('a request that could not connect makes an idle station offline at once, without a probe', async () => {
    const { seen, service, connectivity } = idleRig();
    connectivity.observe({ answered: false });
    expect(connectivity.isOffline()).toBe(true);
    expect(seen.map((s) => s.view.service)).toEqual(['offline']);
    expect(service.probes).toBe(0);
    connectivity.stop();
  });

  it('a busy station sends no idle probe: its calls tell it', async () => {
    const { clock, service, connectivity } = idleRig();
    for (let i = 0; i < 10; i++) {
      const call = connectivity.watch();
      await clock.advance(500);
      call.done();
      await clock.advance(1_000);
    }
    expect(service.probes).toBe(0);
    connectivity.stop();
  });

  it('stopped, it probes no more', async () => {
    const { clock, service, connectivity } = idleRig();
    connectivity.stop();
    await clock.advance(30_000);
    expect(service.probes).toBe(0);
  });
});
