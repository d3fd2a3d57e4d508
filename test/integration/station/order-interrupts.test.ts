// An order that changes under a run stops it: a real station (training service as a child process) has an order open,
// the order is cancelled through the service, and the station's next check (an injected trigger, never a wait on a
// minute) interrupts the run: a station event for the banner, a record in the audit log, and main's run cannot be
// recorded on the old order.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/service/orders.ts';
import { ADMIN, PASSWORD, type StationRig, startStationRig } from './harness.ts';
import { verifyDriver } from './verify-driver.ts';

let rig: StationRig;

const { invoke, value, productsOf, scanAll, review } = verifyDriver(() => rig);

beforeAll(async () => {
  rig = await startStationRig();
  await value('session:signIn', { email: ADMIN, password: PASSWORD });
});
afterAll(async () => {
  await rig.close();
});

/** audit.db wherever the station keeps it in its data folder, read-only. */
function auditRows(orderId: string) {
  const find = (dir: string): string | null => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isFile() && entry.name === 'audit.db') return path;
      if (entry.isDirectory()) {
        const inside = find(path);
        if (inside) return inside;
      }
    }
    return null;
  };
  const file = find(rig.dataDir);
  if (!file) return [];
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return db
      .prepare('SELECT order_id, change, learnt_from, user_email FROM order_interruptions WHERE order_id = ?')
      .all(orderId);
  } finally {
    db.close();
  }
}

describe('an order cancelled while open at the station', () => {
  it('interrupts the run at the next check, is recorded in the audit log, and cannot be recorded as verified', async () => {
    const orders = await value('orders:list', { query: { status: 'picked', page_size: 50 } });
    const controlled = (o: Order) => (o.products?.prescription ?? []).some((p) => p.is_controlled_substance);
    const order = orders.find(
      (o) => o.cancellation_requested !== true && !controlled(o) && productsOf(o).every((p) => p.sku),
    );
    if (!order) throw new Error('the demo data has no picked order');
    // Open it here, as the verify screen does: main's run of it (main watches the order while the run is open), once
    // a pharmacist said "OK to fill".
    await review(order);
    await value('verify:start', { orderId: order.id });
    await value('events:checkNow');
    await value('orders:requestCancellation', { params: { order_id: order.id }, body: { comments: 'patient moved' } });
    // The training clock moves the request on; the station is not told by webhook (the service has no such event).
    await expect
      .poll(async () => {
        await value('training:step', { body: { minutes: 30 } });
        return (await value('orders:get', { params: { order_id: order.id } })).status;
      })
      .toBe('cancelled');
    const since = rig.events.length;
    expect((await value('events:checkNow')).raised).toBeGreaterThanOrEqual(1);
    const shown = await rig.waitForEvent<'order.interrupted'>(
      (event, p) => event === 'order.interrupted' && p.orderId === order.id,
      15_000,
      since,
    );
    expect(shown).toMatchObject({ change: 'cancelled', learntFrom: 'poller', orderNumber: order.order_number });
    expect(shown.message).toContain(`Order ${order.order_number} was cancelled`);
    expect(auditRows(order.id)).toEqual([
      expect.objectContaining({ order_id: order.id, change: 'cancelled', learnt_from: 'poller', user_email: ADMIN }),
    ]);
    // Counting every line anyway does not record it, and neither does finishing: main refuses from its own inbox.
    const last = await scanAll(order);
    expect(last.run.recorded).toBeNull();
    expect(last.said!.text).toContain('was cancelled at the service');
    const refused = await invoke('verify:finish', { orderId: order.id, taskRef: null, controlledCount: null });
    expect(refused).toMatchObject({ ok: false, error: { code: 'conflict' } });
    if (!refused.ok) expect(refused.error.message).toContain('was cancelled at the service');
  });
});

describe('the pharmacy channels against a hostile page', () => {
  it('a claim takes no person, station or order number from the input; without a relay it is this station’s alone', async () => {
    const [order] = await value('orders:list', { query: { page_size: 1 } });
    if (!order) throw new Error('the demo data has no order');
    const forged = await invoke('pharmacy:claim', { orderId: order.id, person: 'Mallory', station: 'Station 9' });
    expect(forged).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await value('pharmacy:claim', { orderId: order.id })).toEqual({ ok: true, shared: false });
    expect(await value('pharmacy:state', { subjectId: order.id })).toEqual({
      claim: null,
      verified: null,
      stop: null,
      reviewed: null,
    });
  });

  it('the relay password is refused until the relay is configured, and never answered back', async () => {
    const answer = await invoke('pharmacy:relayPassword', { password: 'it-gave-me-this-synthetic' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'not_allowed' } });
    expect(rig.lines.join('\n')).not.toContain('it-gave-me-this-synthetic');
  });
});
