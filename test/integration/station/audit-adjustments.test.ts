// Lot quantity adjustments in the station's audit log: main records one when the service confirms it, with who from the
// session and when from main's clock; a refused one leaves nothing; the list is strict, per lot, newest first, lasting.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationChannels } from '../../../contract/ipc.ts';
import type { InventoryLot } from '../../../contract/service/inventory.ts';
import { refusedFields, stationCalls } from '../support/station-calls.ts';
import { PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';

/** A lot as the service lists it, with the quantity and product the filter below made sure it has. */
type Lot = InventoryLot & { product_id: string; current_quantity: number };

let rig: StationRig;
let lot: Lot;
let other: Lot;

const { invoke, value, refusal } = stationCalls(() => rig);

const adjust = (lotId: string, additional_quantity: number, reason: string) =>
  invoke('inventory:adjustQuantity', { params: { lot_id: lotId }, body: { additional_quantity, reason } });
/** The lot as the service answers it after an adjustment that must succeed. */
const adjusted = (lotId: string, additional_quantity: number, reason: string) =>
  value('inventory:adjustQuantity', { params: { lot_id: lotId }, body: { additional_quantity, reason } });

const listed = async (lotId: string) => await value('audit:adjustments', { lotId });

const REASON_WITH_A_NAME = 'Cycle count found 5 fewer; Jane Placeholder-Doe checked the shelf';

beforeAll(async () => {
  rig = await startStationRig();
  await value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
  const inventory = await value('inventory:list', undefined);
  // A controlled lot changes only with a pharmacist's witness (controlled-stock-witness.test.ts): not these.
  const catalogue = await value('products:list', {});
  const controlled = new Set((catalogue.prescription ?? []).filter((p) => p.is_controlled_substance).map((p) => p.id));
  const lots = [
    ...(inventory.prescription ?? []),
    ...(inventory.non_prescription ?? []),
    ...(inventory.order_material ?? []),
  ].filter(
    (candidate): candidate is Lot =>
      typeof candidate.product_id === 'string' &&
      (candidate.current_quantity ?? 0) >= 20 &&
      !controlled.has(candidate.product_id),
  );
  if (lots.length < 2) throw new Error('the demo inventory has fewer than two lots holding 20 or more');
  [lot, other] = lots as [Lot, Lot];
});
afterAll(async () => {
  await rig.close();
});

describe('lot adjustments in the audit log', () => {
  it('records a confirmed adjustment with the quantities from the answer, who from the session and when from main', async () => {
    const start = lot.current_quantity;
    const before = Date.now();
    const answer = await adjusted(lot.id, -5, REASON_WITH_A_NAME);
    const after = Date.now();
    expect(answer.current_quantity).toBe(start - 5);

    const entries = await listed(lot.id);
    stationChannels['audit:adjustments'].output.parse(entries);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      lotId: lot.id,
      productId: lot.product_id,
      batchNumber: lot.batch_number,
      change: -5,
      quantityBefore: start,
      quantityAfter: start - 5,
      reason: REASON_WITH_A_NAME,
      user: { email: TECHNICIAN },
    });
    expect(entries[0]!.user.id).toEqual(expect.any(String));
    const at = Date.parse(entries[0]!.recordedAt);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(after);
  });

  it("lists one lot's adjustments newest first, and only that lot's", async () => {
    await adjusted(lot.id, 3, 'Found 3 behind the returns bin');
    await adjusted(other.id, -1, 'One damaged in transit');
    expect((await listed(lot.id)).map((entry) => entry.change)).toEqual([3, -5]);
    expect((await listed(lot.id))[0]).toMatchObject({ quantityBefore: lot.current_quantity - 5 });
    expect((await listed(other.id)).map((entry) => entry.change)).toEqual([-1]);
    const newest = await value('audit:adjustments', { lotId: lot.id, limit: 1 });
    expect(newest.map((entry) => entry.change)).toEqual([3]);
  });

  it('records nothing when the service refuses the adjustment or the station refuses the input', async () => {
    const tooMany = await adjust(other.id, -1_000_000, 'Taking more than the lot holds');
    expect(tooMany).toMatchObject({ ok: false, error: { status: 409 } });
    const noReason = await adjust(other.id, 2, '   ');
    expect(noReason).toMatchObject({ ok: false });
    const noChange = await adjust(other.id, 0, 'Nothing changes');
    expect(noChange).toMatchObject({ ok: false });
    const unknownLot = '00000000-0000-4000-8000-000000000000';
    expect(await adjust(unknownLot, 1, 'A lot nobody has')).toMatchObject({ ok: false, error: { status: 404 } });

    expect((await listed(other.id)).map((entry) => entry.change)).toEqual([-1]);
    expect(await listed(unknownLot)).toEqual([]);
  });

  it('refuses bad input to the list, naming the field, and offers the renderer no way to write an adjustment', async () => {
    const cases: [unknown, string][] = [
      [undefined, '(input)'],
      [{}, 'lotId'],
      [{ lotId: 'not an id; DROP TABLE' }, 'lotId'],
      [{ lotId: lot.id, limit: 0 }, 'limit'],
      [{ lotId: lot.id, limit: 201 }, 'limit'],
      [{ lotId: lot.id, reason: 'forged' }, '(input)'],
    ];
    for (const [input, field] of cases) {
      const answer = await rig.station.invoke('audit:adjustments', input);
      expect([field, answer]).toMatchObject([field, { ok: false, error: { code: 'invalid_input' } }]);
    }
    expect(refusedFields(await refusal('audit:adjustments', {}))).toEqual(['lotId']);
    expect(await rig.station.invoke('audit:recordAdjustment', { lotId: lot.id, change: 100 })).toMatchObject({
      ok: false,
      error: { code: 'unknown_channel' },
    });
    expect((await listed(lot.id)).map((entry) => entry.change)).toEqual([3, -5]);
  });

  it('writes ids and the change to the log, never the reason or a name', () => {
    const recorded = rig.lines.filter((line) => line.includes('adjustment recorded'));
    expect(recorded).toHaveLength(3);
    expect(recorded[0]).toContain(lot.id);
    for (const text of ['Placeholder', 'Cycle count', 'returns bin', TECHNICIAN]) {
      expect(rig.lines.filter((line) => line.includes(text))).toEqual([]);
    }
  });

  it('answers the adjustment the service made even when the audit log cannot keep it, and the log says so', async () => {
    const db = new DatabaseSync(join(rig.dataDir, 'audit.db'));
    db.exec(`CREATE TRIGGER test_full_disk BEFORE INSERT ON lot_adjustments
      BEGIN SELECT RAISE(ABORT, 'disk full'); END`);
    try {
      // An error here would invite the person to make the change a second time.
      const answer = await adjusted(other.id, 1, 'Recounted after the disk filled');
      expect(answer.current_quantity).toBe(other.current_quantity);
    } finally {
      db.exec('DROP TRIGGER test_full_disk');
      db.close();
    }
    expect(rig.lines.filter((line) => line.includes('was not recorded in the audit log'))).toEqual([
      expect.stringContaining('disk full'),
    ]);
    expect((await listed(other.id)).map((entry) => entry.change)).toEqual([-1]);
  });

  it('keeps its entries across a restart, and nothing can change or remove one', async () => {
    await rig.stop();
    const db = new DatabaseSync(join(rig.dataDir, 'audit.db'));
    try {
      expect(() => db.exec('UPDATE lot_adjustments SET quantity_change = 500')).toThrow(/append-only/);
      expect(() => db.exec('DELETE FROM lot_adjustments')).toThrow(/append-only/);
    } finally {
      db.close();
    }
    await rig.restart();
    expect((await listed(lot.id)).map((entry) => entry.reason)).toEqual([
      'Found 3 behind the returns bin',
      REASON_WITH_A_NAME,
    ]);
  });

  it('answers nobody who is signed out', async () => {
    await value('session:signOut', undefined);
    expect(await rig.station.invoke('audit:adjustments', { lotId: lot.id })).toMatchObject({
      ok: false,
      error: { code: 'not_signed_in' },
    });
  });
});
