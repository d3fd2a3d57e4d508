// A product that is not the drug its prescription names is a hard stop in main's run, driven as a hostile page would on
// a permissive service (every call carries an admin's token, so only main refuses). The service links an order's
// lines to prescriptions through its electronic prescriptions (prescription_product_id): here a prescription for
// hydrocortisone cream is linked to the order's tablet line, as a mistyped link would. Main decides from the
// prescription and the catalogue it read itself; only a pharmacist's confirmation lets the stop go.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { type PermissiveService, startPermissiveService } from './permissive-service.ts';
import { verifyDriver } from './verify-driver.ts';

const PHARMACIST = 'pharmacist@training.local';
let service: PermissiveService;
let rig: StationRig;
const { invoke, value, refusal, controlled, orders, scan, prescriptionsOf, review } = verifyDriver(() => rig);
const used = new Set<string>();

/** An open order with one prescription line (quantity ≥ 2, not controlled), now also "prescribed" a cream. */
async function orderWithWrongLink() {
  for (const order of await orders('received,data_entry')) {
    const lines = order.products?.prescription ?? [];
    if (used.has(order.id) || controlled(order) || lines.length !== 1 || (lines[0]!.quantity ?? 0) < 2) continue;
    const [first] = await prescriptionsOf(order);
    if (!first?.prescriber_id || first.prescription_product_id !== lines[0]!.id) continue;
    used.add(order.id);
    const full = await value('orders:get', { params: { order_id: order.id } });
    await value('prescriptions:createElectronic', {
      body: {
        patient: { id: full.patient?.id ?? '' },
        prescriber: { id: first.prescriber_id },
        order: { id: order.id },
        medication: {
          drug_name: 'Hydrocortisone cream',
          strength: '2.5%',
          quantity: 1,
          units: 'tube',
          sig: 'Apply thinly twice daily',
          prescription_product_id: lines[0]!.id,
        },
      },
    });
    const linked = await value('orders:get', { params: { order_id: order.id } });
    await review(linked);
    return { order: linked, line: lines[0]! };
  }
  throw new Error('the demo data has no such order left');
}

const confirm = async (orderId: string) =>
  (
    await value('session:confirmPharmacist', {
      who: PHARMACIST,
      password: PASSWORD,
      purpose: { kind: 'clear_stop', orderId },
    })
  ).confirmationId as string;

beforeAll(async () => {
  service = await startPermissiveService(30);
  rig = await startStationRig({ startTraining: async () => ({ url: service.url, stop: async () => {} }) });
  await value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
}, 60_000);
afterAll(async () => {
  await rig?.close();
  await service?.close();
});

describe('a scanned product that is not the prescribed drug', () => {
  it('is a hard stop naming what was prescribed; nothing is counted', async () => {
    const { order, line } = await orderWithWrongLink();
    await value('verify:start', { orderId: order.id });
    const view = await scan(order.id, line.sku);
    expect(view.run.pending).toMatchObject({ kind: 'not_prescribed', title: 'Not the prescribed drug' });
    expect(view.run.pending?.message).toContain('the prescription is for Hydrocortisone cream 2.5%');
    expect(view.run.scans).toEqual([]);
    // The page's word for the line or the drug is an unknown field, never taken.
    expect(
      await refusal('verify:scan', { orderId: order.id, text: line.sku, entry: 'scanner', prescribed: true }),
    ).toMatchObject({ code: 'invalid_input' });
  });

  it('only a pharmacist lets it go: a technician’s reason, a task report or a forged confirmation are refused', async () => {
    const { order, line } = await orderWithWrongLink();
    await value('verify:start', { orderId: order.id });
    await scan(order.id, line.sku);
    const answer = { orderId: order.id, note: 'Taken out of the package', taskRef: null, confirmationId: null };
    expect(await refusal('verify:answerStop', { ...answer, reason: 'removed' })).toMatchObject({ code: 'forbidden' });
    expect(await refusal('verify:answerStop', { ...answer, reason: 'misread' })).toMatchObject({
      code: 'invalid_input',
    });
    const reported = { ...answer, reason: 'reported_as_task', taskRef: '00000000-0000-4000-8000-000000000000' };
    expect(await refusal('verify:answerStop', reported)).toMatchObject({ code: 'invalid_input' });
    const forged = { ...answer, reason: 'removed', confirmationId: '00000000-0000-4000-8000-000000000001' };
    expect(await refusal('verify:answerStop', forged)).toMatchObject({ code: 'expired' });
    expect(await value('audit:stops', { orderId: order.id })).toEqual([]);
    // The pharmacist confirms at the station: taken out, kept in the audit log with who approved it.
    const confirmationId = await confirm(order.id);
    const let_go = await value('verify:answerStop', { ...answer, reason: 'removed', confirmationId });
    expect(let_go.run.pending).toBeNull();
    const [stop] = await value('audit:stops', { orderId: order.id });
    expect(stop).toMatchObject({ kind: 'not_prescribed', reason: 'removed' });
    // The next scan of it stops again: it was not approved as the prescribed drug.
    expect((await scan(order.id, line.sku)).run.pending).toMatchObject({ kind: 'not_prescribed' });
  });

  it('a pharmacist who approves it as the prescribed drug lets its next scans count', async () => {
    const { order, line } = await orderWithWrongLink();
    await value('verify:start', { orderId: order.id });
    await scan(order.id, line.sku);
    const confirmationId = await confirm(order.id);
    const answer = { orderId: order.id, reason: 'pharmacist_approved' as const, note: 'Brand name', taskRef: null };
    await value('verify:answerStop', { ...answer, confirmationId });
    const counted = await scan(order.id, line.sku);
    expect(counted.run.pending).toBeNull();
    expect(counted.run.scans.at(-1)).toMatchObject({ result: 'counted', productId: line.id });
  });

  it('a prescription that names the product as written is no stop', async () => {
    const order = (await orders('received,data_entry')).find((o) => !used.has(o.id) && !controlled(o))!;
    used.add(order.id);
    await review(order);
    await value('verify:start', { orderId: order.id });
    const line = order.products.prescription![0]!;
    const view = await scan(order.id, line.sku);
    expect(view.run.pending).toBeNull();
    expect(view.run.scans[0]).toMatchObject({ result: 'counted', productId: line.id });
    await invoke('verify:dropRun', { orderId: order.id });
  });
});
