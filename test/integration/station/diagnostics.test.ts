// The service drift panel's channel: an admin reads what the clients counted; anyone else is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';

let rig: StationRig;
beforeAll(async () => {
  rig = await startStationRig();
});
afterAll(async () => {
  await rig.close();
});

describe('diagnostics:drift', () => {
  it('is refused to a technician, with a message and no counts', async () => {
    expect((await rig.station.invoke('session:signIn', { email: TECHNICIAN, password: PASSWORD })).ok).toBe(true);
    const answer = await rig.station.invoke('diagnostics:drift', undefined);
    expect(answer).toEqual({
      ok: false,
      error: { code: 'forbidden', message: 'Only an admin may see the service diagnostics.' },
    });
    await rig.station.invoke('session:signOut', undefined);
  });

  it('answers an admin with the service, since when, and nothing counted against the training service', async () => {
    expect((await rig.station.invoke('session:signIn', { email: ADMIN, password: PASSWORD })).ok).toBe(true);
    const read = await rig.station.invoke('orders:list', { query: { page_size: 5 } });
    expect(read.ok).toBe(true);
    const answer = await rig.station.invoke('diagnostics:drift', undefined);
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    const report = answer.value as { since: string; service: string; entries: unknown[] };
    expect(report.service).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(Number.isNaN(Date.parse(report.since))).toBe(false);
    // The training service and the contract were written together: its answers need no repair.
    expect(report.entries).toEqual([]);
  });
});
