// Drives main's verification run through the station's channels as the verify screen (or a hostile script) would:
// verify:start, verify:scan with only the scan field's text (a typed count before `*` in it) and how it was entered,
// the stop answered, finish.

import type { ReviewDecisionInput } from '../../../contract/ipc/audit-review.ts';
import type { Order } from '../../../contract/service/orders.ts';
import type { PrescriptionItem } from '../../../contract/service/prescriptions.ts';
import type { OrderProducts } from '../../../contract/service/products.ts';
import { CHECK_IDS } from '../../../rules/clinical/check-model.ts';
import { type ChannelValueOf, stationCalls } from '../support/station-calls.ts';
import { PASSWORD, type StationRig } from './harness.ts';

const PHARMACIST = 'pharmacist@training.local';

type OrderLine = NonNullable<OrderProducts['prescription' | 'non_prescription' | 'order_material']>[number];
/** One line of an order, with the SKU a scan names it by (`orders()` answers only orders whose lines all have one). */
export type DrivenLine = NonNullable<OrderProducts['prescription' | 'non_prescription' | 'order_material']>[number] & {
  sku: string;
};
/** An order as the service answers it, said to have lines (`orders()` checks). */
export type DrivenOrder = Order & {
  products: Omit<OrderProducts, 'prescription' | 'non_prescription' | 'order_material'> & {
    prescription?: (DrivenLine & NonNullable<OrderProducts['prescription']>[number])[] | null;
    non_prescription?: DrivenLine[] | null;
    order_material?: DrivenLine[] | null;
  };
};

export function verifyDriver(rig: () => StationRig) {
  const { invoke, value, refusal } = stationCalls(rig);
  /** Every product line of an order as the service lists it. */
  function productsOf(order: DrivenOrder): DrivenLine[];
  function productsOf(order: Order): OrderLine[];
  function productsOf(order: Order): OrderLine[] {
    return [
      ...(order.products?.prescription ?? []),
      ...(order.products?.non_prescription ?? []),
      ...(order.products?.order_material ?? []),
    ];
  }
  const controlled = (order: Order) => productsOf(order).some((p) => p.is_controlled_substance === true);
  /** Orders of these statuses, with SKUs on every line (so a scan can name each). */
  async function orders(status = 'received,data_entry,picked'): Promise<DrivenOrder[]> {
    const listed = await value('orders:list', { query: { page_size: 200, status } });
    return listed.filter(
      (o): o is DrivenOrder =>
        productsOf(o).length > 0 && productsOf(o).every((p) => typeof p.sku === 'string' && p.sku),
    );
  }
  /** The code as the field has it: with a count typed before it (`30*<sku>`) when `quantity` is given. */
  const scan = (orderId: string, code: string, { quantity, ...extra }: Record<string, unknown> = {}) =>
    value('verify:scan', { orderId, text: quantity ? `${quantity}*${code}` : code, entry: 'scanner', ...extra });
  /** Scans every line of the order complete, one scan per line with its quantity typed: main's last answer. */
  async function scanAll(order: Order): Promise<ChannelValueOf<'verify:scan'>> {
    let view: ChannelValueOf<'verify:scan'> | undefined;
    for (const product of productsOf(order)) {
      const quantity = product.quantity ?? 1;
      if (quantity < 1) continue;
      view = await scan(order.id, product.sku!, quantity > 1 ? { quantity, entry: 'typed' } : {});
    }
    if (!view) throw new Error(`order ${order.order_number} has no line to scan`);
    return view;
  }
  /** A product with a SKU that is on another order but not on this one. */
  async function foreignProduct(order: Order): Promise<DrivenLine> {
    const onOrder = new Set(productsOf(order).map((p) => p.id));
    for (const other of await orders()) {
      const found = productsOf(other).find((p): p is DrivenLine => !onOrder.has(p.id));
      if (found) return found;
    }
    throw new Error('the demo data has no product off this order');
  }
  /** The order's prescriptions, read through its electronic prescriptions as main reads them. */
  async function prescriptionsOf(order: Order): Promise<PrescriptionItem[]> {
    const all: PrescriptionItem[] = [];
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
