// Lot and stock at fill, on a real station and training service: the stock bottle's GS1 DataMatrix (GTIN, expiry, lot)
// names its product and lot, the lot is kept in the run and the audit record, an expired lot is a hard stop, and the
// verified run takes its units from the lot at the service once, through the outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatGs1 } from '../../../rules/verification/codes/gs1.ts';
import { toGtin14 } from '../../../rules/verification/codes/gtin.ts';
import { PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { type DrivenLine, type DrivenOrder, verifyDriver } from './verify-driver.ts';

let rig: StationRig;
const { invoke, value, controlled, orders, scan, productsOf, reviewAll } = verifyDriver(() => rig);
beforeAll(async () => {
  rig = await startStationRig();
  await reviewAll('received,data_entry');
  await invoke('session:signOut');
  await value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
}, 60_000);
afterAll(async () => {
  await rig?.close();
});

interface Lot {
  id: string;
  product_id: string;
  batch_number: string;
  current_quantity: number;
  expiration_date: string;
  upc: string;
}

const lotsOf = async (productId: string): Promise<Lot[]> => {
  const all = await value('inventory:list', {});
  return (all.prescription as Lot[]).filter((lot) => lot.product_id === productId);
};
const lotNow = async (id: string): Promise<Lot> => (await value('inventory:get', { params: { lot_id: id } })) as Lot;

/** YYMMDD of a day `days` from today on this machine's clock (the station judges expiry on the same calendar). */
function yymmdd(days: number): string {
  const day = new Date(Date.now() + days * 86_400_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(day.getFullYear() % 100)}${two(day.getMonth() + 1)}${two(day.getDate())}`;
}

const dataMatrix = (lot: Lot, expiry: string) =>
  formatGs1(
    [
      { ai: '01', value: toGtin14(lot.upc) as string },
      { ai: '17', value: expiry },
      { ai: '10', value: lot.batch_number },
      { ai: '21', value: 'SN000123' },
    ],
    'symbology',
  );

/** An order of one medication line and nothing controlled, with a lot of that medication in date and in stock. */
async function anOrderWithLot(): Promise<{ order: DrivenOrder; line: DrivenLine; lot: Lot }> {
  for (const order of await orders('received,data_entry')) {
    if (controlled(order) || order.products.prescription?.length !== 1) continue;
    const line = order.products.prescription![0]!;
    const lots = await lotsOf(line.id);
    const lot = lots.find(
      (l) => l.current_quantity >= line.quantity! && Date.parse(l.expiration_date) > Date.now() + 30 * 86_400_000,
    );
    if (lot && lots.length > 1) return { order, line, lot };
  }
  throw new Error('the demo data has no order fit for this test');
}

describe('a stock bottle scanned at fill', () => {
  it('stops on a lot whose printed expiry has passed, and counts nothing', async () => {
    const { order, lot } = await anOrderWithLot();
    await value('verify:start', { orderId: order.id });
    const stopped = await scan(order.id, dataMatrix(lot, yymmdd(-40)));
    expect(stopped.run.pending).toMatchObject({ kind: 'expired_lot', title: 'Expired lot' });
    expect(stopped.run.pending?.message).toContain(`Lot ${lot.batch_number}`);
    expect(stopped.run.scans).toEqual([]);
    await value('verify:dropRun', { orderId: order.id });
  }, 60_000);

  it('records the lot it names, and takes the units from that lot at the service once', async () => {
    const { order, line, lot } = await anOrderWithLot();
    const before = lot.current_quantity;
    await value('verify:start', { orderId: order.id });
    let view = await scan(order.id, dataMatrix(lot, yymmdd(365)), { quantity: line.quantity });
    expect(view.run.scans[0]).toMatchObject({
      result: 'counted',
      matchedBy: 'gs1',
      lotId: lot.id,
      lot: lot.batch_number,
      quantity: line.quantity,
    });
    for (const other of productsOf(order).filter((p) => p.id !== line.id)) {
      view = await scan(order.id, other.sku!, other.quantity! > 1 ? { quantity: other.quantity } : {});
    }
    expect(view.run.recorded).toMatchObject({ outcome: 'verified' });
    expect(view.said?.text).toContain(`Stock taken: ${line.quantity} from lot ${lot.batch_number}.`);
    const record = view.run.recorded;
    expect(JSON.stringify(record)).toContain(lot.batch_number);

    const deadline = Date.now() + 20_000;
    while ((await lotNow(lot.id)).current_quantity !== before - line.quantity!) {
      if (Date.now() > deadline) throw new Error('the stock change did not reach the service');
      await rig.waitForEvent((...args) => args[0] === 'outbox.changed', 5_000).catch(() => undefined);
    }
    const listed = await value('outbox:list', undefined);
    const stock = listed.entries.filter((entry) => entry.kind === 'stock');
    expect(stock).toHaveLength(1);
    expect(stock[0]).toMatchObject({ state: 'done', taskRef: lot.id, body: { additional_quantity: -line.quantity! } });
    // Kept in the audit log as the lot's adjustment, with its balance before and after (once, as it was applied once).
    const kept = await value('audit:adjustments', { lotId: lot.id });
    expect(kept).toEqual([
      expect.objectContaining({
        change: -line.quantity!,
        quantityBefore: before,
        quantityAfter: before - line.quantity!,
        reason: expect.stringContaining(`Filled order ${order.order_number}`),
      }),
    ]);
  }, 90_000);
});
