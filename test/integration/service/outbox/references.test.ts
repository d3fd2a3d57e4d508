// A task created offline keeps its links as typed (an order number) and the outbox looks them up when it sends: a
// link that names something becomes its id; one that names nothing parks the write with a message, never drops it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../../training/index.ts';
import { newTask, type OutboxRig, startRig, until } from './harness.ts';

let rig: OutboxRig;
beforeEach(async () => {
  rig = await startRig();
  const { service, clock } = rig.service;
  service.db.transaction(() => seedDemoData(service.db, { seed: 5, orders: 3, now: clock.now }));
});
afterEach(() => rig.close());

const taskAt = async (id: string) => (await rig.service.api('GET', `/api/v1/tasks/${id}`)).body;
const anOrder = async () => (await rig.service.api('GET', '/api/v1/orders?page_size=1')).body[0];

describe('links typed while offline', () => {
  it('an order number queued as typed becomes the order’s id when the task is sent', async () => {
    const order = await anOrder();
    rig.proxy.mode = 'down';
    const outbox = rig.open();
    outbox.start();
    const entry = await outbox.enqueue({
      kind: 'create',
      body: newTask('Call the patient about the delay'),
      references: { order_id: order.order_number },
    });
    expect(entry).toMatchObject({ state: 'queued', references: { order_id: order.order_number } });
    expect(entry.body.order_id).toBeUndefined();

    rig.proxy.mode = 'pass';
    outbox.wake();
    await until('the create to be applied', () => outbox.counts().done === 1);
    const done = outbox.get(entry.id)!;
    expect((await taskAt(done.taskId!)).order_id).toBe(order.id);
    expect(rig.proxy.seen.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('an order number that names no order parks the write with a clear message, and keeps it', async () => {
    const outbox = rig.open();
    outbox.start();
    const entry = await outbox.enqueue({
      kind: 'create',
      body: newTask('Check the missing order'),
      references: { order_id: '9999999' },
    });
    await until('the write to be parked', () => outbox.get(entry.id)?.state === 'failed');
    const parked = outbox.get(entry.id)!;
    expect(parked.problem).toMatchObject({ code: 'reference_unknown' });
    expect(parked.problem?.message).toContain('The linked order "9999999" (typed while offline) does not exist');
    expect(rig.proxy.seen.filter((r) => r.method === 'POST')).toHaveLength(0);
    expect(outbox.counts()).toMatchObject({ failed: 1, total: 1 });

    // A person corrects the link in the body: the typed one is no longer looked up, and the task goes.
    const order = await anOrder();
    outbox.edit(entry.id, { ...parked.body, order_id: order.id });
    expect(outbox.get(entry.id)?.references).toBeNull();
    outbox.retry(entry.id);
    await until('the corrected create to be applied', () => outbox.get(entry.id)?.state === 'done');
    expect((await taskAt(outbox.get(entry.id)!.taskId!)).order_id).toBe(order.id);
  });

  it('refuses a link given twice, in the body and as typed', async () => {
    const order = await anOrder();
    const outbox = rig.open();
    await expect(
      outbox.enqueue({
        kind: 'create',
        body: newTask('Twice', { order_id: order.id }),
        references: { order_id: order.order_number },
      }),
    ).rejects.toMatchObject({ code: 'invalid_write' });
    expect(outbox.counts().total).toBe(0);
  });
});
