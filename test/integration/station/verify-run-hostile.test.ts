// Main's verification run driven as a hostile page would (any script that reaches the bridge): it sends codes, forged
// fields and replayed confirmations, and main decides from what it read itself. The training service over real HTTP
// accepts whatever it is sent here; every refusal below is main's own.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerifyRunView } from '../../../contract/ipc/verify-runs.ts';
import { RecordView } from '../../../main/events/record/record-view.ts';
import { ADMIN, PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { type DrivenOrder, verifyDriver } from './verify-driver.ts';

const PHARMACIST = 'pharmacist@training.local';
let rig: StationRig;
const { invoke, value, refusal, productsOf, controlled, orders, scan, scanAll, review } = verifyDriver(() => rig);

const signInAs = async (email: string) => {
  await value('session:signOut');
  await value('session:signIn', { email, password: PASSWORD });
};
const confirm = async (kind: 'clear_stop' | 'controlled_count', orderId: string) =>
  (await value('session:confirmPharmacist', { who: PHARMACIST, password: PASSWORD, purpose: { kind, orderId } }))
    .confirmationId as string;
const finish = (orderId: string, extra: Record<string, unknown> = {}) =>
  invoke('verify:finish', { orderId, taskRef: null, controlledCount: null, ...extra });
/** An open order nobody at this station has verified yet, not controlled, not picked by the technician. */
const used = new Set<string>();
async function freshOrder(test: (order: DrivenOrder) => boolean = () => true): Promise<DrivenOrder> {
  const found = (await orders('received,data_entry')).find((o) => !used.has(o.id) && !controlled(o) && test(o));
  if (!found) throw new Error('the demo data has no such order left');
  used.add(found.id);
  await review(found);
  return found;
}
const rxOf = (order: DrivenOrder) => order.products.prescription![0]!;

beforeAll(async () => {
  rig = await startStationRig();
  await value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
});
afterAll(async () => {
  await rig.close();
});

describe("a verification is main's run, whatever the page sends", () => {
  it('one typed "NOTHING-SCANNED" for a line of 30 counts nothing and is never recorded as verified', async () => {
    const order = await freshOrder((o) => rxOf(o)?.quantity === 30);
    await value('verify:start', { orderId: order.id });
    const view = await scan(order.id, 'NOTHING-SCANNED', { entry: 'typed', quantity: 30 });
    expect(view.run.scans.map((s) => [s.result, s.productId])).toEqual([['unrecognised', null]]);
    expect(view.said?.tone).toBe('bad');
    const ended = await finish(order.id);
    expect(ended.ok && ended.value.run.recorded).toMatchObject({ outcome: 'discrepancy' });
    const [entry] = await value('audit:list', { orderId: order.id });
    if (!entry) throw new Error('the demo data has too few such records');
    expect(entry?.outcome).toBe('discrepancy');
    expect(entry?.lines.find((l) => l.productId === rxOf(order).id)).toMatchObject({ expected: 30, scanned: 0 });
    // The old way in, a record written by the page, is gone.
    expect(await refusal('audit:record', { orderId: order.id, outcome: 'verified' })).toMatchObject({
      code: 'unknown_channel',
    });
    expect(await refusal('audit:recordStop', { orderId: order.id })).toMatchObject({ code: 'unknown_channel' });
  });

  it('a short line is never recorded as verified, however the end is asked for', async () => {
    const order = await freshOrder((o) => (rxOf(o)?.quantity ?? 0) >= 30);
    await value('verify:start', { orderId: order.id });
    for (const product of productsOf(order)) {
      const quantity = product.id === rxOf(order).id ? product.quantity! - 1 : product.quantity!;
      await scan(order.id, product.sku, { quantity, entry: 'typed' });
    }
    const forged = await refusal('verify:finish', {
      orderId: order.id,
      taskRef: null,
      controlledCount: null,
      outcome: 'verified',
    });
    expect(forged.code).toBe('invalid_input');
    const ended = await value('verify:finish', { orderId: order.id, taskRef: null, controlledCount: null });
    expect(ended.run.recorded?.outcome).toBe('discrepancy');
    expect((await value('audit:list', { orderId: order.id }))[0]?.outcome).toBe('discrepancy');
  });

  it('a scan carries no count, line or flag of the page: extra fields are refused, and the count is main’s after the save', async () => {
    const order = await freshOrder();
    await value('verify:start', { orderId: order.id });
    const forged = await refusal('verify:scan', {
      orderId: order.id,
      text: rxOf(order).sku,
      entry: 'scanner',
      controlled: false,
      expected: 1,
      scanned: 30,
    });
    expect(forged.code).toBe('invalid_input');
    expect((forged.details as { field: string }[]).map((d) => d.field)).toEqual(
      expect.arrayContaining(['controlled', 'expected']),
    );
    const counted = await scan(order.id, rxOf(order).sku);
    expect(counted.run.scans).toHaveLength(1);
    // What main answered is what it kept: a restart of the station resumes exactly it.
    await rig.stop();
    await rig.restart();
    await value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
    const resumed = await value('verify:start', { orderId: order.id });
    expect(resumed.run).toEqual(counted.run);
  });

  it('one approved stop does not serve a later verification of the order', async () => {
    const order = await freshOrder();
    const onOrder = new Set(productsOf(order).map((p) => p.id));
    const foreign = productsOf((await orders()).find((o) => productsOf(o).some((p) => !onOrder.has(p.id)))!).find(
      (p) => !onOrder.has(p.id),
    )!;
    await value('verify:start', { orderId: order.id });
    const stopped = await scan(order.id, foreign.sku);
    expect(stopped.run.pending?.kind).toBe('not_on_order');
    const confirmationId = await confirm('clear_stop', order.id);
    const answer = { orderId: order.id, reason: 'pharmacist_approved' as const, note: 'Approved', taskRef: null };
    const approved = await value('verify:answerStop', { ...answer, confirmationId });
    expect(approved.run.scans[0]?.stop).toMatchObject({ reason: 'pharmacist_approved' });
    await value('verify:dropRun', { orderId: order.id });
    await value('verify:start', { orderId: order.id });
    await scan(order.id, foreign.sku);
    expect(await refusal('verify:answerStop', { ...answer, confirmationId })).toMatchObject({ code: 'expired' });
    expect(await refusal('verify:answerStop', { ...answer, confirmationId: null })).toMatchObject({
      code: 'forbidden',
    });
    // A count reason does not fit a wrong product, whatever the page offers.
    const wrong = { ...answer, reason: 'count_corrected', confirmationId: null };
    expect(await refusal('verify:answerStop', wrong)).toMatchObject({ code: 'invalid_input' });
    const stops = await value('audit:stops', { orderId: order.id });
    expect(stops.filter((s) => s.reason === 'pharmacist_approved')).toHaveLength(1);
  });

  it('a scan during an open stop is kept, never lost and never the answer: it is counted once the stop is answered', async () => {
    const order = await freshOrder((o) => (rxOf(o)?.quantity ?? 0) >= 2);
    const onOrder = new Set(productsOf(order).map((p) => p.id));
    const foreign = productsOf((await orders()).find((o) => productsOf(o).some((p) => !onOrder.has(p.id)))!).find(
      (p) => !onOrder.has(p.id),
    )!;
    await value('verify:start', { orderId: order.id });
    expect((await scan(order.id, foreign.sku)).run.pending?.kind).toBe('not_on_order');
    const rx = rxOf(order);
    const kept = await scan(order.id, rx.sku, { quantity: rx.quantity, entry: 'typed' });
    expect(kept.said).toMatchObject({ tone: 'info', text: expect.stringContaining(`Kept: ${rx.sku} is counted once`) });
    expect(kept.run.pending?.kind).toBe('not_on_order');
    expect(kept.run.scans.filter((s) => s.productId === rx.id)).toEqual([]);
    // The technician's reason is the one kept, whatever was scanned meanwhile; then the kept scan counts.
    const answer = {
      orderId: order.id,
      reason: 'removed' as const,
      note: 'Taken out',
      taskRef: null,
      confirmationId: null,
    };
    const answered = await value('verify:answerStop', answer);
    expect(answered.run.pending).toBeNull();
    expect(answered.run.scans.filter((s) => s.productId === rx.id && s.result === 'counted')).toHaveLength(1);
    const [stop] = await value('audit:stops', { orderId: order.id });
    if (!stop) throw new Error('the demo data has too few such records');
    expect(stop).toMatchObject({ reason: 'removed' });
    // A page firing scans behind a stop is held to a bound.
    await scan(order.id, foreign.sku);
    for (let i = 0; i < 20; i++) await scan(order.id, `KEPT-${i}`, { entry: 'typed' });
    expect(await refusal('verify:scan', { orderId: order.id, text: 'ONE-MORE', entry: 'typed' })).toMatchObject({
      code: 'conflict',
    });
  });

  it('a controlled line waits for a pharmacist’s count: no forged flag or finish skips it', async () => {
    const order = (await orders('received,data_entry')).find((o) => controlled(o) && !used.has(o.id))!;
    expect(order, 'the demo data has an open order with a controlled line').toBeTruthy();
    used.add(order.id);
    await review(order);
    await value('verify:start', { orderId: order.id });
    const last: VerifyRunView = await scanAll(order);
    expect(last.run.recorded).toBeNull();
    expect(last.run.lines.find((l) => l.controlled)).toBeTruthy();
    const refused = await finish(order.id);
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const waiting = last.run.lines.filter((l) => l.controlled);
    const [first] = waiting;
    if (!first) throw new Error('the order has no controlled line');
    // The pharmacist's plain number, one short of the scans: refused in words, nothing recorded.
    const short = waiting.map((l) => ({ productId: l.productId, counted: l.expected - 1 }));
    const mismatch = await finish(order.id, {
      controlledCount: { confirmationId: await confirm('controlled_count', order.id), counts: short },
    });
    expect(mismatch).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(mismatch.ok ? '' : mismatch.error.message).toMatch(
      new RegExp(`^The pharmacist counted ${first.expected - 1} of .*; the technician’s count is ${first.expected}\\.`),
    );
    expect(await value('audit:list', { orderId: order.id })).toEqual([]);
    // A count for a line that waits for none, or a forged count field of the scans, is refused too.
    const forged = { confirmationId: await confirm('controlled_count', order.id), counts: short, scanned: 1 };
    expect(await finish(order.id, { controlledCount: forged })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    const confirmationId = await confirm('controlled_count', order.id);
    const counts = waiting.map((l) => ({ productId: l.productId, counted: l.expected }));
    const ended = await value('verify:finish', {
      orderId: order.id,
      taskRef: null,
      controlledCount: { confirmationId, counts },
    });
    expect(ended.run.recorded?.outcome).toBe('verified');
    expect(ended.run.recorded?.signOffs[0]?.note).toBe(`Counted ${first.expected}`);
    expect(ended.run.recorded?.signOffs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ purpose: 'controlled_count', by: expect.objectContaining({ email: PHARMACIST }) }),
      ]),
    );
    // The pharmacy's record (this station's own, embedded) holds the verification and each count with its witness.
    const recorded = ended.run.recorded;
    if (!recorded) throw new Error('the run was not recorded');
    const witness = recorded.signOffs.find((s) => s.purpose === 'controlled_count')?.by.name;
    const record = new RecordView(join(rig.dataDir, 'record.db'));
    try {
      expect(record.verificationOf(order.id)?.lines).toHaveLength(recorded.lines.length);
      const counted = record.factsOf('controlled_count').filter((f) => f.order_id === order.id);
      expect(counted).toEqual(
        waiting.map((l) => expect.objectContaining({ product_id: l.productId, count: l.expected, witness })),
      );
    } finally {
      record.close();
    }
  });

  it('a technician cannot sign an admin’s re-verify; an admin can', async () => {
    const shipped = (await orders('shipped')).find((o) => !controlled(o))!;
    await review(shipped);
    const reverify = { purpose: 'reverify' as const, productId: null, note: 'Label reprinted', confirmationId: null };
    expect(await refusal('verify:start', { orderId: shipped.id })).toMatchObject({ code: 'forbidden' });
    expect(await refusal('verify:start', { orderId: shipped.id, signOffs: [reverify] })).toMatchObject({
      code: 'forbidden',
      message: 'Only an admin may verify again an order already past verification.',
    });
    await signInAs(ADMIN);
    const started = await value('verify:start', { orderId: shipped.id, signOffs: [reverify] });
    expect(started.signOffs).toEqual([
      expect.objectContaining({ purpose: 'reverify', by: expect.objectContaining({ email: ADMIN }) }),
    ]);
    await value('verify:dropRun', { orderId: shipped.id });
    await signInAs(TECHNICIAN);
  });

  it('an order main cannot read does not start, with a clear message', async () => {
    const refused = await refusal('verify:start', { orderId: '00000000-0000-4000-8000-00000000dead' });
    expect(refused).toMatchObject({ code: 'not_found' });
    expect(refused.message).toContain('This verification cannot start');
    expect(
      await refusal('verify:scan', { orderId: '00000000-0000-4000-8000-00000000dead', text: 'X', entry: 'typed' }),
    ).toMatchObject({
      code: 'not_found',
    });
  });
});
