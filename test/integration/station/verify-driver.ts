// Drives main's verification run through the station's channels as the verify screen (or a hostile script) would:
// verify:start, verify:scan with only the scan field's text (a typed count before `*` in it) and how it was entered,
// the stop answered, finish.

import type { ReviewDecisionInput } from '../../../contract/ipc/audit-review.ts';
import type { Order } from '../../../contract/service/orders.ts';
import { CHECK_IDS } from '../../../rules/clinical/check-model.ts';
import { stationCalls } from '../support/station-calls.ts';
import { PASSWORD, type StationRig } from './harness.ts';

const PHARMACIST = 'pharmacist@training.local';

export function verifyDriver(rig: () => StationRig) {
  const { invoke, value, refusal } = stationCalls(rig);
  /** Every product line of an order as the service lists it. */
  const productsOf = (order: any): any[] => [
    ...(order.products?.prescription ?? []),
    ...(order.products?.non_prescription ?? []),
    ...(order.products?.order_material ?? []),
  ];
  const controlled = (order: Order) => productsOf(order).some((p) => p.is_controlled_substance === true);
  /** Orders of these statuses, with SKUs on every line (so a scan can name each). */
  async function orders(status = 'received,data_entry,picked'): Promise<any[]> {
    const listed = await value('orders:list', { query: { page_size: 200, status } });
    return listed.filter((o) => productsOf(o).length > 0 && productsOf(o).every((p) => p.sku));
  }
  /** The code as the field has it: with a count typed before it (`30*<sku>`) when `quantity` is given. */
  const scan = (orderId: string, code: string, { quantity, ...extra }: Record<string, unknown> = {}) =>
    value('verify:scan', { orderId, text: quantity ? `${quantity}*${code}` : code, entry: 'scanner', ...extra });
  /** Scans every line of the order complete, one scan per line with its quantity typed: main's last answer. */
  async function scanAll(order: any): Promise<any> {
    let view: any;
    for (const product of productsOf(order)) {
      const quantity = product.quantity ?? 1;
      if (quantity < 1) continue;
      view = await scan(order.id, product.sku, quantity > 1 ? { quantity, entry: 'typed' } : {});
    }
    return view;
  }
  /** A product with a SKU that is on another order but not on this one. */
  async function foreignProduct(order: any): Promise<any> {
    const onOrder = new Set(productsOf(order).map((p) => p.id));
    for (const other of await orders()) {
      const found = productsOf(other).find((p) => !onOrder.has(p.id));
      if (found) return found;
    }
    throw new Error('the demo data has no product off this order');
  }
  /** The order's prescriptions, read through its electronic prescriptions as main reads them. */
  async function prescriptionsOf(order: Order): Promise<any[]> {
    const all = [];
    for (const erxId of order.electronic_prescription_ids ?? []) {
      const erx = await value('prescriptions:getElectronic', { params: { electronic_prescription_id: erxId } });
      all.push(...(erx.prescriptions ?? []));
    }
    return all;
  }
  /** Runs `work` signed in as the pharmacist, then signs in again as whoever was signed in before (or no one). */
  async function asPharmacist<T>(work: () => Promise<T>): Promise<T> {
    const before = await invoke('session:state');
    const email: string | null = before.ok ? (before.value.user?.email ?? null) : null;
    await invoke('session:signOut');
    await value('session:signIn', { email: PHARMACIST, password: PASSWORD });
    const done = await work();
    await invoke('session:signOut');
    if (email) await value('session:signIn', { email, password: PASSWORD });
    return done;
  }
  /** One pharmacist's decision on each prescription of the order, every failed check acknowledged. */
  async function decide(order: Order, decision: ReviewDecisionInput['decision'], taskRef: string | null) {
    const findings = CHECK_IDS.map((check) => ({
      check,
      status: 'fail' as const,
      finding: 'as main finds it',
      acknowledgement: 'Reviewed in the training shift',
    }));
    const note = decision === 'reviewed' ? '' : 'Ask the prescriber';
    const recorded = [];
    for (const prescription of await prescriptionsOf(order)) {
      const input = { prescriptionId: prescription.id, decision, findings, note, taskRef };
      recorded.push(await value('audit:recordReview', input));
    }
    return recorded;
  }
  /** A pharmacist's review decision on every prescription of the order ("reviewed": what lets it past the gate). */
  const review = (
    order: Order,
    decision: ReviewDecisionInput['decision'] = 'reviewed',
    taskRef: string | null = null,
  ) => asPharmacist(() => decide(order, decision, taskRef));
  /** "OK to fill" on the prescriptions of the orders of these statuses (every order when none given). */
  const reviewAll = (status?: string) =>
    asPharmacist(async () => {
      const query = { page_size: 200, ...(status ? { status } : {}) };
      for (const order of await value('orders:list', { query })) await decide(order, 'reviewed', null);
    });
  return {
    invoke,
    value,
    refusal,
    decide,
    productsOf,
    controlled,
    orders,
    scan,
    scanAll,
    foreignProduct,
    prescriptionsOf,
    review,
    reviewAll,
  };
}
