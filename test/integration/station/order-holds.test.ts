// An order's holds at the pharmacist's gate, answered by main (workQueue:orderHolds) against the training service over
// real HTTP: the order view and the verify screen show this answer instead of rebuilding the gate from their own reads.
// Held until a pharmacist's "OK to fill", held again by a clarification (naming the decision), and an order id that
// is not one is refused with a clear answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationChannels } from '../../../contract/ipc.ts';
import { PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { verifyDriver } from './verify-driver.ts';

let rig: StationRig;
const { value, refusal, orders, review } = verifyDriver(() => rig);

beforeAll(async () => {
  rig = await startStationRig();
  await value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
}, 60_000);
afterAll(async () => {
  await rig?.close();
});

const holdsOf = async (orderId: string) =>
  stationChannels['workQueue:orderHolds'].output.parse(await value('workQueue:orderHolds', { orderId }));
const withPrescriptions = async (status: string) =>
  (await orders(status)).filter((o) => (o.electronic_prescription_ids ?? []).length > 0);

describe("an order's holds, as main judges them", () => {
  it('a prescription nobody reviewed holds each of its lines, and "OK to fill" lets the order through', async () => {
    const [order] = await withPrescriptions('received,data_entry,picked');
    if (!order) throw new Error('the demo data has too few such records');
    const before = await holdsOf(order.id);
    expect(before.length).toBeGreaterThan(0);
    expect(before.map((hold) => hold.state.kind)).toContain('not_reviewed');
    const lines = new Set(order.products.prescription!.map((line: { id: string }) => line.id));
    for (const hold of before) expect(lines.has(hold.productId)).toBe(true);
    await review(order, 'reviewed');
    expect(await holdsOf(order.id)).toEqual([]);
  });

  it('"Needs clarification" holds the line again, with the decision and the note the pharmacist gave', async () => {
    const [, order] = await withPrescriptions('received,data_entry,picked');
    if (!order) throw new Error('the demo data has too few such records');
    const body = { name: 'Needs clarification: the dose', description: 'Ask', category_code: 'T02' };
    const task = await value('tasks:enqueue', { kind: 'create', body });
    await review(order, 'needs_clarification', task.id);
    const holds = await holdsOf(order.id);
    expect(holds[0]?.state).toMatchObject({
      kind: 'held',
      decision: 'needs_clarification',
      review: { note: 'Ask the prescriber', taskRef: task.id },
    });
  });

  it('an order id that is empty or not a string is refused as bad input, and an unknown order says so', async () => {
    expect(await refusal('workQueue:orderHolds', { orderId: '' })).toMatchObject({ code: 'invalid_input' });
    expect(await refusal('workQueue:orderHolds', { orderId: 7 })).toMatchObject({ code: 'invalid_input' });
    expect(await refusal('workQueue:orderHolds', { orderId: 'x', extra: true })).toMatchObject({
      code: 'invalid_input',
    });
    const unknown = await refusal('workQueue:orderHolds', { orderId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.code).toBe('not_found');
  });
});
