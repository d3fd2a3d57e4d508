// A controlled lot's quantity changes outside a fill only with a pharmacist as witness, decided in main from the lot and
// catalogue it reads itself: a technician's typed reason alone is refused and changes nothing; a pharmacist's
// confirmation for that lot lets one change through, named in the record, and is used up; any other lot needs none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationCalls } from '../support/station-calls.ts';
import { PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';

const PHARMACIST = 'pharmacist@training.local';
let rig: StationRig;
const { value, refusal } = stationCalls(() => rig);

interface Lot {
  id: string;
  product_id: string;
  current_quantity: number;
}
let controlledLot: Lot;
let plainLot: Lot;

const lotNow = async (id: string) => (await value('inventory:get', { params: { lot_id: id } })) as Lot;
const witness = (lotId: string) =>
  value('session:confirmPharmacist', {
    who: PHARMACIST,
    password: PASSWORD,
    purpose: { kind: 'stock_witness', lotId },
  });

beforeAll(async () => {
  rig = await startStationRig();
  await value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
  const catalogue = await value('products:list', {});
  const controlled = new Set(
    (catalogue.prescription as { id: string; is_controlled_substance?: boolean }[])
      .filter((p) => p.is_controlled_substance === true)
      .map((p) => p.id),
  );
  const lots = ((await value('inventory:list', {})).prescription as Lot[]).filter((l) => l.current_quantity >= 20);
  controlledLot = lots.find((l) => controlled.has(l.product_id)) as Lot;
  plainLot = lots.find((l) => !controlled.has(l.product_id)) as Lot;
  expect(controlledLot, 'the demo inventory has a controlled lot').toBeTruthy();
}, 60_000);
afterAll(async () => {
  await rig?.close();
});

describe("a controlled lot's stock outside a fill", () => {
  it("is refused on a technician's typed reason alone, and nothing changes", async () => {
    const before = controlledLot.current_quantity;
    const refused = await refusal('inventory:adjustQuantity', {
      params: { lot_id: controlledLot.id },
      body: { additional_quantity: -60, reason: 'Returned to the wholesaler' },
    });
    expect(refused.code).toBe('forbidden');
    expect(refused.message).toContain('only with a pharmacist as witness');
    expect((await lotNow(controlledLot.id)).current_quantity).toBe(before);
    expect(await value('audit:adjustments', { lotId: controlledLot.id })).toEqual([]);
  });

  it("changes with a pharmacist's witness for that lot, named in the record, once per confirmation", async () => {
    const before = (await lotNow(controlledLot.id)).current_quantity;
    const { confirmationId } = await witness(controlledLot.id);
    const body = { additional_quantity: -2, reason: 'Two tablets dropped and destroyed' };
    const answer = await value('inventory:adjustWitnessed', { lotId: controlledLot.id, body, confirmationId });
    expect(answer.current_quantity).toBe(before - 2);
    const [kept] = await value('audit:adjustments', { lotId: controlledLot.id });
    expect(kept).toMatchObject({ change: -2, quantityBefore: before, quantityAfter: before - 2 });
    expect(kept?.reason).toBe('Two tablets dropped and destroyed (witnessed by pharmacist Parker Pharmacist)');
    // The same confirmation again, or one given for another lot: refused, nothing changes.
    const again = await refusal('inventory:adjustWitnessed', { lotId: controlledLot.id, body, confirmationId });
    expect(again.code).toBe('expired');
    const other = await witness(plainLot.id);
    const wrongLot = await refusal('inventory:adjustWitnessed', {
      lotId: controlledLot.id,
      body,
      confirmationId: other.confirmationId,
    });
    expect(wrongLot.code).toBe('forbidden');
    expect((await lotNow(controlledLot.id)).current_quantity).toBe(before - 2);
  });

  it('needs no witness for a lot that is not controlled', async () => {
    const answer = await value('inventory:adjustQuantity', {
      params: { lot_id: plainLot.id },
      body: { additional_quantity: -1, reason: 'Cycle count' },
    });
    expect(answer.current_quantity).toBe(plainLot.current_quantity - 1);
  });
});
