// A recalled lot at fill, on a real station and training service: the pharmacy lists a lot on its recall list (the
// data the station reads, resources/recalls/recalled-lots.json; the service's API has no recall on a lot), and the
// stock bottle's DataMatrix of that lot is a hard stop that counts nothing; the same product's other lot counts.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import recalls from '../../../resources/recalls/recalled-lots.json' with { type: 'json' };
import { formatGs1 } from '../../../rules/verification/codes/gs1.ts';
import { toGtin14 } from '../../../rules/verification/codes/gtin.ts';
import type { RecalledLot } from '../../../rules/verification/recalls.ts';
import { PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { type DrivenLine, type DrivenOrder, verifyDriver } from './verify-driver.ts';

let rig: StationRig;
const { invoke, value, controlled, orders, scan, reviewAll } = verifyDriver(() => rig);
/** The list the station judges with (the same module it imported): the pharmacy's entries for this test. */
const listed = recalls.lots as RecalledLot[];

beforeAll(async () => {
  rig = await startStationRig();
  await reviewAll('received,data_entry');
  await invoke('session:signOut');
  await value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
}, 60_000);
afterEach(() => {
  listed.splice(0);
});
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
const dataMatrix = (lot: Lot) =>
  formatGs1(
    [
      { ai: '01', value: toGtin14(lot.upc) as string },
      { ai: '17', value: '301231' },
      { ai: '10', value: lot.batch_number },
    ],
    'symbology',
  );

describe('a recalled lot at fill', () => {
  it('is a hard stop naming the recall, and the product’s other lot counts', async () => {
    let found: { order: DrivenOrder; line: DrivenLine; lots: Lot[] } | null = null;
    for (const order of await orders('received,data_entry')) {
      if (controlled(order) || order.products.prescription?.length !== 1) continue;
      const line = order.products.prescription![0]!;
      const all = (await value('inventory:list', {})).prescription as Lot[];
      const lots = all.filter(
        (l) =>
          l.product_id === line.id &&
          l.current_quantity >= line.quantity! &&
          Date.parse(l.expiration_date) > Date.now() + 30 * 86_400_000,
      );
      if (lots.length >= 2) {
        found = { order, line, lots };
        break;
      }
    }
    if (!found) throw new Error('the demo data has no order fit for this test');
    const { order, line, lots } = found;
    const [recalled, other] = lots as [Lot, Lot];
    listed.push({ lot: recalled.batch_number, recall: 'D-0420-2026, class II', source: 'FDA enforcement report' });
    await value('verify:start', { orderId: order.id });
    const stopped = await scan(order.id, dataMatrix(recalled), { quantity: line.quantity, entry: 'typed' });
    expect(stopped.run.pending).toMatchObject({ kind: 'recalled_lot', title: 'Recalled lot' });
    expect(stopped.run.pending?.message).toContain(`Lot ${recalled.batch_number}`);
    expect(stopped.run.pending?.message).toContain('is recalled (D-0420-2026, class II)');
    expect(stopped.run.scans).toEqual([]);
    await value('verify:answerStop', {
      orderId: order.id,
      reason: 'removed',
      note: 'Set the recalled bottle aside',
      taskRef: null,
      confirmationId: null,
    });
    const counted = await scan(order.id, dataMatrix(other), { quantity: line.quantity, entry: 'typed' });
    expect(counted.run.scans.at(-1)).toMatchObject({ result: 'counted', lot: other.batch_number });
    const [kept] = await value('audit:stops', { orderId: order.id });
    expect(kept).toMatchObject({ kind: 'recalled_lot', reason: 'removed', lot: recalled.batch_number });
    await value('verify:dropRun', { orderId: order.id });
  }, 60_000);
});
