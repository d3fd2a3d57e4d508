// Hard stops in the station's audit log: each one is kept the moment it is dismissed (before the verification ends),
// with who from the session and when from main; bad input is refused naming the field; the entries last and cannot change.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationChannels } from '../../../contract/ipc.ts';
import { PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';

let rig: StationRig;

const value = <T = any>(answer: { ok: boolean }): T => {
  if (!answer.ok) throw new Error(`expected an answer, got ${JSON.stringify(answer)}`);
  return (answer as unknown as { value: T }).value;
};

const ORDER_ID = 'order-with-stops';
const TASK_REF = '6f1f7b3e-2b1a-4a57-9a55-3c1b0a9f0d11';
const NOTE_WITH_A_NAME = 'Put it back; Jane Placeholder-Doe restocks the shelf';

function stop(overrides: Record<string, unknown> = {}) {
  return {
    orderId: ORDER_ID,
    orderNumber: '1000042',
    code: 'OTC-9999',
    entry: 'scanner',
    quantity: 1,
    matchedBy: 'sku',
    productId: 'product-not-on-order',
    lotId: null,
    lot: null,
    expiry: null,
    kind: 'not_on_order',
    reason: 'removed',
    note: NOTE_WITH_A_NAME,
    taskRef: null,
    ...overrides,
  };
}

const stopsOf = async (orderId: string) => value<any[]>(await rig.station.invoke('audit:stops', { orderId }));

beforeAll(async () => {
  rig = await startStationRig();
  value(await rig.station.invoke('session:signIn', { email: TECHNICIAN, password: PASSWORD }));
});
afterAll(async () => {
  await rig.close();
});

describe('hard stops in the audit log', () => {
  it('keeps a dismissed stop at once, with who from the session and when from main, before any verification ends', async () => {
    const before = Date.now();
    const kept = value(await rig.station.invoke('audit:recordStop', stop()));
    const after = Date.now();
    stationChannels['audit:recordStop'].output.parse(kept);
    expect(kept).toMatchObject({
      orderId: ORDER_ID,
      code: 'OTC-9999',
      kind: 'not_on_order',
      reason: 'removed',
      note: NOTE_WITH_A_NAME,
      taskRef: null,
      user: { email: TECHNICIAN },
    });
    expect(kept.user.id).toEqual(expect.any(String));
    const at = Date.parse(kept.recordedAt);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(after);

    expect(await stopsOf(ORDER_ID)).toEqual([kept]);
    expect(value<any[]>(await rig.station.invoke('audit:list', { orderId: ORDER_ID }))).toEqual([]);
  });

  it('keeps a stop turned into a task with its task, and lists one order newest first', async () => {
    const reported = value(
      await rig.station.invoke(
        'audit:recordStop',
        stop({
          code: '(01)00000012345675(17)200101(10)LOT-OLD',
          matchedBy: 'gs1',
          lotId: 'lot-1',
          lot: 'LOT-OLD',
          expiry: '2020-01-01',
          kind: 'expired_lot',
          reason: 'reported_as_task',
          note: 'Reported as a discrepancy task.',
          taskRef: TASK_REF,
        }),
      ),
    );
    value(await rig.station.invoke('audit:recordStop', stop({ orderId: 'another-order' })));
    const listed = await stopsOf(ORDER_ID);
    expect(listed.map((s) => s.kind)).toEqual(['expired_lot', 'not_on_order']);
    expect(listed[0]).toEqual(reported);
    expect(listed[0]).toMatchObject({ lot: 'LOT-OLD', expiry: '2020-01-01', taskRef: TASK_REF });
    expect(value<any[]>(await rig.station.invoke('audit:stops', { orderId: ORDER_ID, limit: 1 }))).toHaveLength(1);
  });

  it('refuses a who or a when sent by the renderer', async () => {
    const answer = await rig.station.invoke('audit:recordStop', {
      ...stop(),
      user: { email: 'someone.else@training.local' },
      recordedAt: '2000-01-01T00:00:00Z',
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const fields = (answer as any).error.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['user', 'recordedAt']));
    expect(await stopsOf(ORDER_ID)).toHaveLength(2);
  });

  it('refuses a stop without its reason, note, kind or task, saying which field', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ note: '   ' }, 'note', /needs a note/],
      [{ reason: 'because' }, 'reason', /./],
      [{ kind: 'counted' }, 'kind', /./],
      [{ reason: 'reported_as_task', taskRef: null }, 'taskRef', /names its task/],
      [{ code: 'OTC\u00079999' }, 'code', /control characters/],
      [{ expiry: '01/01/2020' }, 'expiry', /./],
      [{ orderId: '' }, 'orderId', /./],
    ];
    for (const [change, field, message] of cases) {
      const answer = await rig.station.invoke('audit:recordStop', stop(change));
      expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      const detail = (answer as any).error.details.find((d: { field: string }) => d.field === field);
      expect([field, detail?.message]).toEqual([field, expect.stringMatching(message)]);
    }
    expect(await rig.station.invoke('audit:stops', {})).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', details: [{ field: 'orderId' }] },
    });
    expect(await stopsOf(ORDER_ID)).toHaveLength(2);
  });

  it('never writes a scanned code, a note or a name into the log', () => {
    expect(rig.lines.filter((line) => line.includes('hard stop recorded'))).toHaveLength(3);
    for (const text of ['OTC-9999', 'LOT-OLD', 'Placeholder', TECHNICIAN]) {
      expect(rig.lines.filter((line) => line.includes(text))).toEqual([]);
    }
  });

  it('keeps its stops across a restart, and nothing can change or remove one', async () => {
    await rig.stop();
    const db = new DatabaseSync(join(rig.dataDir, 'audit.db'));
    try {
      expect(() => db.exec("UPDATE verification_stops SET reason = 'other'")).toThrow(/append-only/);
      expect(() => db.exec('DELETE FROM verification_stops')).toThrow(/append-only/);
    } finally {
      db.close();
    }
    await rig.restart();
    const listed = await stopsOf(ORDER_ID);
    expect(listed.map((s) => [s.kind, s.reason])).toEqual([
      ['expired_lot', 'reported_as_task'],
      ['not_on_order', 'removed'],
    ]);
  });

  it('keeps nothing from nobody who is signed out', async () => {
    value(await rig.station.invoke('session:signOut', undefined));
    expect(await rig.station.invoke('audit:recordStop', stop())).toMatchObject({
      ok: false,
      error: { code: 'not_signed_in' },
    });
    expect(await rig.station.invoke('audit:stops', { orderId: ORDER_ID })).toMatchObject({
      ok: false,
      error: { code: 'not_signed_in' },
    });
  });
});
