// An order whose cancellation was requested (or that is cancelled or held) is never completed by main's run, whatever a
// hostile page sends: the run does not start on it, and a run open when the request comes is not recorded verified —
// main reads the order again before it records, since the service announces no event for a request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, PASSWORD, type StationRig, startStationRig } from './harness.ts';
import { verifyDriver } from './verify-driver.ts';

let rig: StationRig;
const { invoke, value, refusal, orders, controlled, scanAll, review } = verifyDriver(() => rig);

beforeAll(async () => {
  rig = await startStationRig();
  await value('session:signIn', { email: ADMIN, password: PASSWORD });
});
afterAll(async () => {
  await rig.close();
});

const requestCancellation = (orderId: string) =>
  value('orders:requestCancellation', { params: { order_id: orderId }, body: { comments: 'patient moved' } });

describe('an order whose cancellation was requested', () => {
  it('a run open when the request comes is stopped with a banner at the next check, and never recorded verified', async () => {
    const order = (await orders('picked')).find((o) => !controlled(o) && o.cancellation_requested !== true)!;
    await review(order);
    await value('verify:start', { orderId: order.id });
    await value('events:checkNow');
    await requestCancellation(order.id);
    // The service announces no event for a request: main's next look at the order open here finds it, as it finds a
    // cancellation, and the verify screen's banner is told at once (an injected check, never a wait on a minute).
    const since = rig.events.length;
    expect((await value('events:checkNow')).raised).toBeGreaterThanOrEqual(1);
    const shown = await rig.waitForEvent<'order.interrupted'>(
      (event, p) => event === 'order.interrupted' && p.orderId === order.id,
      15_000,
      since,
    );
    expect(shown).toMatchObject({ change: 'cancelled', learntFrom: 'poller', orderNumber: order.order_number });
    expect(shown.message).toContain(`Order ${order.order_number} has a cancellation requested at the service. Stop:`);
    const last = await scanAll(order);
    expect(last.run.recorded).toBeNull();
    expect(last.said!.text).toContain(`Order ${order.order_number} has a cancellation requested`);
    // The page's word that nothing changed is not taken: the input has no such field, and main reads the order itself.
    const forged = await invoke('verify:finish', {
      orderId: order.id,
      taskRef: null,
      controlledCount: null,
      cancellationRequested: false,
    });
    expect(forged).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const finished = await refusal('verify:finish', { orderId: order.id, taskRef: null, controlledCount: null });
    expect(finished).toMatchObject({ code: 'conflict' });
    expect(finished.message).toContain('has a cancellation requested');
    const records = await value('audit:list', { orderId: order.id });
    expect(records.filter((entry) => entry.outcome === 'verified')).toEqual([]);
    // Nor does a new run start on it, for anyone.
    await value('verify:dropRun', { orderId: order.id });
    const again = await refusal('verify:start', { orderId: order.id });
    expect(again).toMatchObject({ code: 'conflict' });
    expect(again.message).toContain('has a cancellation requested');
  }, 60_000);

  it('a cancelled order does not start a run, not even with an admin’s re-verify', async () => {
    const [cancelled] = await value('orders:list', { query: { status: 'cancelled', page_size: 1 } });
    expect(cancelled, 'the demo data has a cancelled order').toBeTruthy();
    const reverify = { purpose: 'reverify', productId: null, note: 'Counting it again', confirmationId: null };
    const refused = await refusal('verify:start', { orderId: cancelled?.id, signOffs: [reverify] });
    expect(refused).toMatchObject({ code: 'conflict' });
    expect(refused.message).toContain('was cancelled at the service');
  });
});
