// Stock at fill with the service away: a run verified while the training service is frozen (SIGSTOP) records the lot
// from the stock bottle's DataMatrix and keeps its stock change in the outbox; when the service is back the lot goes
// down by the count once, and main keeps that one change in the audit log. States are awaited, never times.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatGs1 } from '../../../rules/verification/codes/gs1.ts';
import { toGtin14 } from '../../../rules/verification/codes/gtin.ts';
import { type OwnTrainingRig, startWithOwnTraining, toldOnline } from './own-training.ts';
import { type DrivenLine, type DrivenOrder, verifyDriver } from './verify-driver.ts';

let own: OwnTrainingRig;
const { value, refusal, controlled, orders, scan, productsOf, reviewAll } = verifyDriver(() => own.rig);

beforeAll(async () => {
  own = await startWithOwnTraining(30);
  await reviewAll('received,data_entry');
}, 60_000);
afterAll(async () => {
  await own?.close();
});

interface Lot {
  id: string;
  product_id: string;
  batch_number: string;
  current_quantity: number;
  expiration_date: string;
  upc: string;
}

const DAY = 86_400_000;

describe('stock taken at a fill verified offline', () => {
  it('is kept while the service is away and taken once when it is back', async () => {
    const inventory = (await value('inventory:list', {})).prescription as Lot[];
    const fit = (await orders('received,data_entry'))
      .filter((o) => !controlled(o) && o.products.prescription?.length === 1)
      .map((order) => {
        const line = order.products.prescription![0]!;
        const lot = inventory.find(
          (l) =>
            l.product_id === line.id &&
            l.current_quantity >= line.quantity! &&
            Date.parse(l.expiration_date) > Date.now() + 30 * DAY,
        );
        return { order, line, lot };
      })
      .find((candidate) => candidate.lot !== undefined);
    expect(fit, 'an order of one medication with a lot in date').toBeTruthy();
    const { order, line, lot } = fit as { order: DrivenOrder; line: DrivenLine; lot: Lot };
    const [unread] = (await orders('received,data_entry')).filter((o) => o.id !== order.id);
    if (!unread) throw new Error('the demo data has too few such records');

    await value('verify:start', { orderId: order.id });
    own.freeze();
    const since = own.rig.events.length;
    expect(await refusal('orders:get', { params: { order_id: unread.id } })).toMatchObject({ code: 'offline' });
    await toldOnline(own.rig, false, since);

    const code = formatGs1(
      [
        { ai: '01', value: toGtin14(lot.upc) as string },
        { ai: '10', value: lot.batch_number },
        { ai: '21', value: 'SN1' },
      ],
      'gs',
    );
    let view = await scan(order.id, code, { quantity: line.quantity });
    expect(view.run.scans[0]).toMatchObject({ result: 'counted', lotId: lot.id, lot: lot.batch_number });
    for (const other of productsOf(order).filter((p) => p.id !== line.id)) {
      view = await scan(order.id, other.sku!, other.quantity! > 1 ? { quantity: other.quantity } : {});
    }
    expect(view.run.recorded).toMatchObject({ outcome: 'verified', offline: true });
    expect(view.said?.text).toContain(`Stock taken: ${line.quantity} from lot ${lot.batch_number}.`);
    const waiting = (await value('outbox:list', undefined)).entries.filter((e) => e.kind === 'stock');
    // Kept, and not applied: waiting its turn, or on the wire to a service that does not answer.
    expect(waiting).toEqual([expect.objectContaining({ taskRef: lot.id })]);
    expect(['queued', 'sending']).toContain(waiting[0]?.state);

    const back = own.rig.events.length;
    own.resume();
    await toldOnline(own.rig, true, back);
    await own.rig.waitForEvent(
      (event, payload) => event === 'outbox.changed' && payload.counts.queued === 0 && payload.counts.sending === 0,
      20_000,
      back,
    );
    const entries = (await value('outbox:list', undefined)).entries.filter((e) => e.kind === 'stock');
    expect(entries).toEqual([expect.objectContaining({ state: 'done', taskRef: lot.id })]);
    const after = await value('inventory:get', { params: { lot_id: lot.id } });
    expect(after.current_quantity).toBe(lot.current_quantity - line.quantity!);
    const kept = await value('audit:adjustments', { lotId: lot.id });
    expect(kept).toEqual([
      expect.objectContaining({ change: -line.quantity!, quantityAfter: lot.current_quantity - line.quantity! }),
    ]);
  }, 90_000);
});
