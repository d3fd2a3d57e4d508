// Stock that leaves at a verification goes through the outbox: kept durably while the service is down, sent with its
// key when it is back, and taken once, even when the same change is queued twice or its answer is lost on the way.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Db } from '../../../../kits/sqlite/db.ts';
import { outboxMigrations } from '../../../../main/service/outbox/schema.ts';
import { seedDemoData } from '../../../../training/index.ts';
import { type OutboxRig, startRig, until } from './harness.ts';

let rig: OutboxRig;
beforeEach(async () => {
  rig = await startRig();
  const { service, clock } = rig.service;
  service.db.transaction(() => seedDemoData(service.db, { seed: 5, orders: 3, now: clock.now }));
});
afterEach(() => rig.close());

async function aLot(): Promise<{ id: string; current_quantity: number }> {
  const lots = (await rig.service.api('GET', '/api/v1/products/inventory')).body.prescription;
  return lots.find((lot: { current_quantity: number }) => lot.current_quantity > 100);
}
const quantityOf = async (id: string) =>
  (await rig.service.api('GET', `/api/v1/products/inventory/${id}`)).body.current_quantity as number;
const adjustments = () => rig.proxy.seen.filter((r) => r.method === 'PATCH' && r.path.endsWith('/quantity'));

const takeSixty = (lotId: string) => ({
  kind: 'stock' as const,
  key: `verify:order-1:${lotId}`,
  lotId,
  body: { additional_quantity: -60, reason: 'Filled order 1000001 (verified)' },
});

describe('stock taken at a verification', () => {
  it('is kept while the service is down and taken once when it is back, though it was queued twice', async () => {
    const lot = await aLot();
    rig.proxy.mode = 'down';
    const outbox = rig.open();
    outbox.start();
    const first = await outbox.enqueue(takeSixty(lot.id));
    const again = await outbox.enqueue(takeSixty(lot.id));
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({ kind: 'stock', taskRef: lot.id, state: 'queued' });
    expect(outbox.counts().total).toBe(1);

    rig.proxy.mode = 'pass';
    outbox.wake();
    await until('the stock change to be applied', () => outbox.get(first.id)?.state === 'done', 10_000);
    expect(await quantityOf(lot.id)).toBe(lot.current_quantity - 60);
    expect(adjustments().filter((r) => r.status === 201)).toHaveLength(1);
    // Queued again after it went: still the one change.
    expect((await outbox.enqueue(takeSixty(lot.id))).state).toBe('done');
    expect(await quantityOf(lot.id)).toBe(lot.current_quantity - 60);
  });

  it('takes the stock once when the answer is lost and the change is sent again with its key', async () => {
    const lot = await aLot();
    rig.proxy.fail({ dropAnswer: true, match: (method) => method === 'PATCH' });
    const outbox = rig.open({ backoff: { baseMs: 1, maxMs: 5 } });
    outbox.start();
    const entry = await outbox.enqueue(takeSixty(lot.id));
    await until('the resend to be applied', () => outbox.get(entry.id)?.state === 'done', 10_000);
    expect(adjustments().map((r) => r.key)).toEqual([entry.id, entry.id]);
    expect(await quantityOf(lot.id)).toBe(lot.current_quantity - 60);
  });

  it('parks a change the service refuses (more than the lot holds) with its words, and changes nothing', async () => {
    const lot = await aLot();
    const outbox = rig.open();
    outbox.start();
    const entry = await outbox.enqueue({
      ...takeSixty(lot.id),
      body: { additional_quantity: -(lot.current_quantity + 1), reason: 'Filled order 1000001 (verified)' },
    });
    await until('the change to be parked', () => outbox.get(entry.id)?.state === 'failed');
    expect(outbox.get(entry.id)?.problem?.message).toContain('below zero');
    expect(await quantityOf(lot.id)).toBe(lot.current_quantity);
  });

  it('refuses a stock change without a lot id, a key or a reason before it is queued', async () => {
    const outbox = rig.open();
    const lot = await aLot();
    await expect(outbox.enqueue({ ...takeSixty('lot-1'), lotId: 'lot-1' })).rejects.toMatchObject({
      code: 'invalid_write',
    });
    await expect(outbox.enqueue({ ...takeSixty(lot.id), key: 'x' })).rejects.toMatchObject({ code: 'invalid_write' });
    await expect(
      outbox.enqueue({ ...takeSixty(lot.id), body: { additional_quantity: -1, reason: '' } }),
    ).rejects.toMatchObject({ code: 'invalid_write' });
    expect(outbox.counts().total).toBe(0);
  });

  it('keeps the task writes an older station queued when its outbox learns stock changes', async () => {
    const older = new Db(join(rig.dataDir, 'outbox.db'));
    older.migrate(outboxMigrations.slice(0, 2));
    older.run(
      `INSERT INTO outbox_entries (id, kind, task_key, placeholder, body, refs, state, idempotency_key, next_attempt_at,
         created_at, updated_at) VALUES ('e1', 'create', 'e1', 1, '{"name":"Call back"}', NULL, 'failed', 'e1', 0, 0, 0)`,
    );
    older.close();
    const outbox = rig.open();
    expect(outbox.get('e1')).toMatchObject({ kind: 'create', state: 'failed', body: { name: 'Call back' } });
    const lot = await aLot();
    expect((await outbox.enqueue(takeSixty(lot.id))).kind).toBe('stock');
  });
});
