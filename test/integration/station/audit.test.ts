// The local audit log of scan-to-verify through the station's channels: who and when come from main, bad input is
// refused naming the field, entries survive a restart, nothing can change them, and no code or note reaches the log.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationChannels } from '../../../contract/ipc.ts';
import { PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';

let rig: StationRig;
let orderId: string;
let productId: string;

const value = <T = any>(answer: { ok: boolean }): T => {
  if (!answer.ok) throw new Error(`expected an answer, got ${JSON.stringify(answer)}`);
  return (answer as unknown as { value: T }).value;
};

async function signIn(): Promise<void> {
  value(await rig.station.invoke('session:signIn', { email: TECHNICIAN, password: PASSWORD }));
}

beforeAll(async () => {
  rig = await startStationRig();
  await signIn();
  const orders = value<any[]>(
    await rig.station.invoke('orders:list', { query: { page_size: 5, status: 'received,data_entry' } }),
  );
  const order = orders.find((o) => (o.products?.prescription?.length ?? 0) > 0);
  orderId = order.id;
  productId = order.products.prescription[0].id;
});
afterAll(async () => {
  await rig.close();
});

const NOTE_WITH_A_NAME = 'Removed the bottle; Jane Placeholder-Doe called about it';

function scan(overrides: Record<string, unknown> = {}) {
  return {
    code: 'RX-0001',
    entry: 'scanner',
    quantity: 1,
    result: 'counted',
    matchedBy: 'sku',
    productId,
    lotId: null,
    lot: null,
    expiry: null,
    stop: null,
    ...overrides,
  };
}

function verification(overrides: Record<string, unknown> = {}) {
  return {
    orderId,
    orderNumber: '1000001',
    outcome: 'verified',
    lines: [{ productId, sku: 'RX-0001', expected: 2, scanned: 2 }],
    scans: [
      scan({ code: 'OTC-9999', result: 'stopped', matchedBy: 'sku', productId: null, stop: stopped() }),
      scan(),
      scan({ entry: 'typed', quantity: 1 }),
    ],
    taskRef: null,
    ...overrides,
  };
}

function stopped() {
  return { kind: 'not_on_order', reason: 'removed', note: NOTE_WITH_A_NAME, taskRef: null };
}

describe('the verification audit log', () => {
  it('records who from the session and when from main, with every scan and the dismiss reason', async () => {
    const before = Date.now();
    const entry = value(await rig.station.invoke('audit:record', verification()));
    const after = Date.now();
    stationChannels['audit:record'].output.parse(entry);
    expect(entry).toMatchObject({
      orderId,
      outcome: 'verified',
      user: { email: TECHNICIAN },
      taskRef: null,
    });
    expect(entry.user.id).toEqual(expect.any(String));
    const at = Date.parse(entry.recordedAt);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(after);
    expect(entry.scans.map((s: { result: string }) => s.result)).toEqual(['stopped', 'counted', 'counted']);
    expect(entry.scans[0].stop).toMatchObject({ kind: 'not_on_order', reason: 'removed' });
    expect(entry.scans[2].entry).toBe('typed');
  });

  it('refuses a who or a when sent by the renderer', async () => {
    const answer = await rig.station.invoke('audit:record', {
      ...verification(),
      user: { email: 'someone.else@training.local' },
      recordedAt: '2000-01-01T00:00:00Z',
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const fields = (answer as any).error.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['user', 'recordedAt']));
  });

  it('refuses a verification whose lines disagree with its scans or its outcome, saying which field', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ lines: [{ productId, sku: null, expected: 2, scanned: 1 }] }, 'lines.0.scanned', /scans count 2/],
      [{ lines: [{ productId, sku: null, expected: 3, scanned: 2 }] }, 'outcome', /verified needs every line complete/],
      [{ outcome: 'discrepancy', scans: [scan(), scan()] }, 'outcome', /a discrepancy needs a short line or a stop/],
      [{ scans: [scan({ result: 'stopped', productId: null }), scan(), scan()] }, 'scans.0.stop', /says how/],
      [
        { scans: [scan({ result: 'stopped', stop: { ...stopped(), note: '  ' } }), scan(), scan()] },
        'scans.0.stop.note',
        /needs a note/,
      ],
      [{ scans: [scan({ code: 'RX\u00070001' }), scan()] }, 'scans.0.code', /control characters/],
      [{ lines: [] }, 'lines', /at least one line/],
    ];
    for (const [change, field, message] of cases) {
      const answer = await rig.station.invoke('audit:record', verification(change));
      expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      const detail = (answer as any).error.details.find((d: { field: string }) => d.field === field);
      expect([field, detail?.message]).toEqual([field, expect.stringMatching(message)]);
      expect((answer as any).error.message).toMatch(/^audit:record was refused: /);
    }
  });

  it('keeps a discrepancy with its task, and lists one order newest first', async () => {
    const short = value(
      await rig.station.invoke(
        'audit:record',
        verification({
          outcome: 'discrepancy',
          lines: [{ productId, sku: 'RX-0001', expected: 2, scanned: 1 }],
          scans: [scan()],
          taskRef: '6f1f7b3e-2b1a-4a57-9a55-3c1b0a9f0d11',
        }),
      ),
    );
    value(await rig.station.invoke('audit:record', verification({ orderId: 'another-order' })));
    const listed = value<any[]>(await rig.station.invoke('audit:list', { orderId }));
    expect(listed.map((e) => e.outcome)).toEqual(['discrepancy', 'verified']);
    expect(listed[0]).toMatchObject({ id: short.id, taskRef: '6f1f7b3e-2b1a-4a57-9a55-3c1b0a9f0d11' });
    expect(value<any[]>(await rig.station.invoke('audit:list', undefined))).toHaveLength(3);
    expect(value<any[]>(await rig.station.invoke('audit:list', { limit: 1 }))).toHaveLength(1);
    expect(await rig.station.invoke('audit:list', { limit: 0 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', details: [{ field: 'limit' }] },
    });
  });

  it('never writes a scanned code, a note or a name into the log', () => {
    const recorded = rig.lines.filter((line) => line.includes('verification recorded'));
    expect(recorded).toHaveLength(3);
    for (const text of ['RX-0001', 'OTC-9999', 'Placeholder', TECHNICIAN]) {
      expect(rig.lines.filter((line) => line.includes(text))).toEqual([]);
    }
  });

  it('keeps its entries across a restart, and nothing can change or remove one', async () => {
    await rig.stop();
    const db = new DatabaseSync(join(rig.dataDir, 'audit.db'));
    try {
      expect(() => db.exec("UPDATE verifications SET outcome = 'verified'")).toThrow(/append-only/);
      expect(() => db.exec('DELETE FROM verifications')).toThrow(/append-only/);
    } finally {
      db.close();
    }
    await rig.restart();
    const listed = value<any[]>(await rig.station.invoke('audit:list', { orderId }));
    expect(listed).toHaveLength(2);
  });

  it('answers nobody who is signed out', async () => {
    value(await rig.station.invoke('session:signOut', undefined));
    expect(await rig.station.invoke('audit:list', undefined)).toMatchObject({
      ok: false,
      error: { code: 'not_signed_in' },
    });
    expect(await rig.station.invoke('audit:record', verification())).toMatchObject({
      ok: false,
      error: { code: 'not_signed_in' },
    });
  });
});
