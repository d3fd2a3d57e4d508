// Issue 12: a new service applies at the next sign-in, without a restart — but never while task writes for the
// current service still wait: they would go to the wrong service, and dropping them would be worse.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationCalls } from '../support/station-calls.ts';
import { ADMIN, PASSWORD, type StationRig, startStationRig } from './harness.ts';

const ELSEWHERE = 'https://pharmacy.example';
const UNKNOWN_TASK = '7d6f0a43-5b1e-4c7a-9a53-1f2b3c4d5e6f';
let rig: StationRig;

beforeAll(async () => {
  rig = await startStationRig();
});
afterAll(async () => {
  await rig.close();
});

const { invoke, value } = stationCalls(() => rig);
const connectivity = () => invoke('connectivity:state', undefined);
const outbox = () => value('outbox:list', undefined);

describe('switching service at the next sign-in', () => {
  it('holds the switch while a task write for the current service waits, and makes it once the write is settled', async () => {
    expect(await rig.station.invoke('session:signIn', { email: ADMIN, password: PASSWORD })).toMatchObject({
      ok: true,
    });
    // A write the service refuses (no such task) stays in the outbox as failed until a person decides.
    const entry = await value('tasks:enqueue', { kind: 'complete', taskId: UNKNOWN_TASK });
    await expect.poll(async () => (await outbox()).counts.failed, { timeout: 15_000 }).toBe(1);
    expect(await rig.station.invoke('settings:update', { backend: 'custom', baseUrl: ELSEWHERE })).toMatchObject({
      ok: true,
    });
    await rig.station.invoke('session:signOut', undefined);
    // Signed out, but the failed write belongs to Training: the station keeps Training and says why in the log.
    expect(await rig.station.invoke('session:signIn', { email: ADMIN, password: PASSWORD })).toMatchObject({
      ok: true,
    });
    expect(await connectivity()).toMatchObject({ value: { backend: 'training' } });
    expect(rig.lines.some((line) => line.includes('the new service waits: task writes for the current one'))).toBe(
      true,
    );

    expect(await rig.station.invoke('outbox:discard', { id: entry.id })).toMatchObject({ ok: true });
    await rig.station.invoke('session:signOut', undefined);
    await expect
      .poll(async () => {
        const answer = await connectivity();
        return answer.ok ? answer.value : undefined;
      })
      .toMatchObject({ backend: 'custom', baseUrl: ELSEWHERE, serviceConfirmed: false });
  });
});
