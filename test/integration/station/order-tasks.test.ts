// tasks:forOrder against a real station and training service: main answers an order's linked tasks in one call — those
// naming the order and those naming one of its prescriptions (a review's clarification) — from what it read itself,
// never from a list of prescriptions the page sends; another order's task stays out.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationChannels } from '../../../contract/ipc.ts';
import { stationCalls } from '../support/station-calls.ts';
import { PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';

let rig: StationRig;
const { value, refusal } = stationCalls(() => rig);

beforeAll(async () => {
  rig = await startStationRig();
  await value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
}, 60_000);
afterAll(async () => {
  await rig?.close();
});

/** Two orders with electronic prescriptions, and the first one's prescription ids as the service lists them. */
async function ordersWithPrescriptions() {
  const orders = await value('orders:list', { query: { page_size: 100 } });
  const withErx = orders.filter((order) => (order.electronic_prescription_ids ?? []).length > 0);
  for (const order of withErx) {
    const erx = await value('prescriptions:getElectronic', {
      params: { electronic_prescription_id: order.electronic_prescription_ids![0]! },
    });
    const prescriptionId = erx.prescriptions?.[0]?.id;
    const other = orders.find((candidate) => candidate.id !== order.id);
    if (prescriptionId && other) return { order, other, prescriptionId };
  }
  throw new Error('the demo data has no order with a prescription');
}

/** Queues a task through the outbox, as the screens do, and answers its name. */
async function queueTask(name: string, links: Record<string, string>): Promise<string> {
  await value('tasks:enqueue', { kind: 'create', body: { name, category_code: 'T02', ...links } });
  return name;
}

const namesFor = async (orderId: string): Promise<(string | null | undefined)[]> =>
  (await value('tasks:forOrder', { orderId })).tasks.map((task) => task.name);

describe('tasks:forOrder', () => {
  it("answers the order's tasks and its prescriptions' tasks in one call, and not another order's", async () => {
    const { order, other, prescriptionId } = await ordersWithPrescriptions();
    const onOrder = await queueTask(`Call the patient about ${order.id}`, { order_id: order.id });
    const onPrescription = await queueTask(`Needs clarification ${prescriptionId}`, {
      prescription_id: prescriptionId,
    });
    const elsewhere = await queueTask(`Another order ${other.id}`, { order_id: other.id });
    // The outbox sends them in the background: wait for the state, never for a time.
    await expect
      .poll(() => namesFor(order.id), { timeout: 20_000 })
      .toEqual(expect.arrayContaining([onOrder, onPrescription]));
    const answer = await value('tasks:forOrder', { orderId: order.id });
    stationChannels['tasks:forOrder'].output.parse(answer);
    expect(answer.complete).toBe(true);
    const names = answer.tasks.map((task) => task.name);
    expect(names).not.toContain(elsewhere);
    for (const task of answer.tasks) {
      const linked = task.order_id === order.id || task.prescription_id === prescriptionId;
      expect(linked, `${task.name} is linked to the order or its prescription`).toBe(true);
    }
    // The order number names the same order.
    if (order.order_number) expect(await namesFor(order.order_number)).toEqual(names);
  });

  it("refuses the page's own list of prescriptions, an empty id, and names an unknown order as not found", async () => {
    const { order, prescriptionId } = await ordersWithPrescriptions();
    expect(await refusal('tasks:forOrder', { orderId: order.id, prescriptionIds: [prescriptionId] })).toMatchObject({
      code: 'invalid_input',
    });
    expect(await refusal('tasks:forOrder', { orderId: '  ' })).toMatchObject({ code: 'invalid_input' });
    expect(await refusal('tasks:forOrder', {})).toMatchObject({ code: 'invalid_input' });
    expect(await refusal('tasks:forOrder', { orderId: 'NO-SUCH-ORDER-1' })).toMatchObject({ code: 'not_found' });
  });

  it('is refused to a page nobody signed in to', async () => {
    const { order } = await ordersWithPrescriptions();
    await value('session:signOut');
    try {
      expect(await refusal('tasks:forOrder', { orderId: order.id })).toMatchObject({ code: 'not_signed_in' });
    } finally {
      await value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
    }
  });
});
