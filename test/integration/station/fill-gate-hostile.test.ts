// The pharmacist's gate, driven as a hostile page would on a permissive service (every call carries an admin's token,
// so only main refuses): an order whose prescription no pharmacist reviewed is not verified and its label not
// prepared; "Needs clarification" holds it and names the task; "OK to fill" lets it through; a hold recorded during a
// run keeps the count and refuses the record, and takes back a label already allowed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentRef } from '../../../contract/documents.ts';
import { ADMIN, PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { type PermissiveService, startPermissiveService } from './permissive-service.ts';
import { type DrivenOrder, verifyDriver } from './verify-driver.ts';

let service: PermissiveService;
let rig: StationRig;
const { invoke, value, refusal, controlled, orders, scan, scanAll, prescriptionsOf, review, decide } = verifyDriver(
  () => rig,
);
const used = new Set<string>();

/** An open order nobody verified, not controlled, with its prescription lines each named by a prescription. */
async function freshOrder(): Promise<{
  order: DrivenOrder;
  label: Extract<DocumentRef, { kind: 'prescription_label' }>;
}> {
  for (const order of await orders('received,data_entry')) {
    if (used.has(order.id) || controlled(order)) continue;
    const prescriptions = await prescriptionsOf(order);
    const lines = order.products?.prescription ?? [];
    const named = lines.every((l) => prescriptions.some((p) => p.prescription_product_id === l.id));
    if (!named || prescriptions.length === 0) continue;
    used.add(order.id);
    return { order, label: { kind: 'prescription_label', orderId: order.id, prescriptionId: prescriptions[0]!.id } };
  }
  throw new Error('the demo data has no such order left');
}
/** A task queued at this station for the clarification, as the review screen queues it: its outbox reference. */
async function clarificationTask(name: string, prescriptionId: string): Promise<string> {
  const body = { name, description: 'Ask the prescriber', category_code: 'T02', prescription_id: prescriptionId };
  return (await value('tasks:enqueue', { kind: 'create', body })).id;
}

beforeAll(async () => {
  service = await startPermissiveService(45);
  // Tech-check-tech allowed: the pharmacist's gate is tested here, not the final check (final-check.test.ts).
  rig = await startStationRig(
    { startTraining: async () => ({ url: service.url, stop: async () => {} }) },
    { techCheckTech: 'allowed' },
  );
  await value('session:signIn', { email: ADMIN, password: PASSWORD });
  const pharmacy = { pharmacyName: 'Maple Street', pharmacyAddress: '120 Maple St', pharmacyPhone: '555-0100' };
  await value('settings:update', pharmacy);
  await value('session:signOut');
  await value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
}, 60_000);
afterAll(async () => {
  await rig?.close();
  await service?.close();
});

describe('no verification and no label before a pharmacist’s review', () => {
  it('a prescription nobody reviewed: the run does not start, the label is not prepared, no override helps', async () => {
    const { order, label } = await freshOrder();
    const refused = await refusal('verify:start', { orderId: order.id });
    expect(refused.code).toBe('not_allowed');
    expect(refused.message).toMatch(/cannot be verified yet: Not reviewed: a pharmacist reviews the prescription/);
    // The page's word that it was reviewed is refused as an unknown field, never taken.
    expect(await refusal('verify:start', { orderId: order.id, reviewed: true })).toMatchObject({
      code: 'invalid_input',
    });
    expect(await refusal('verify:scan', { orderId: order.id, text: 'X', entry: 'typed' })).toMatchObject({
      code: 'not_found',
    });
    const label1 = await refusal('print:prepare', { document: label });
    expect(label1).toMatchObject({
      code: 'not_allowed',
      message: expect.stringContaining('No label yet: Not reviewed'),
    });
    expect(await refusal('print:check', { document: label })).toMatchObject({ code: 'not_allowed' });
    // A pharmacist signed in is refused the label too: the override is for an unverified count, not an unreviewed script.
    await value('session:signOut');
    await value('session:signIn', { email: 'pharmacist@training.local', password: PASSWORD });
    expect(await refusal('print:prepare', { document: label })).toMatchObject({ code: 'not_allowed' });
    await value('session:signOut');
    await value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
  });

  it('"Needs clarification" holds the order and names its task; "OK to fill" then lets it be verified and labelled', async () => {
    const { order, label } = await freshOrder();
    const taskRef = await clarificationTask('Needs clarification: dose for age', label.prescriptionId);
    await review(order, 'needs_clarification', taskRef);
    const held = await refusal('verify:start', { orderId: order.id });
    expect(held.code).toBe('not_allowed');
    expect(held.message).toContain('is marked Needs clarification by');
    expect(held.message).toContain('Follow the task "Needs clarification: dose for age" linked to the prescription.');
    expect((await refusal('print:prepare', { document: label })).message).toContain('Needs clarification');

    await review(order, 'reviewed');
    await value('verify:start', { orderId: order.id });
    const last = await scanAll(order);
    expect(last.run.recorded).toMatchObject({ outcome: 'verified' });
    expect(await value('print:check', { document: label })).toMatchObject({ allowed: true, reason: null });
  });

  it('a hold recorded during a run: the count is kept, the record refused; a label already allowed is taken back', async () => {
    const { order, label } = await freshOrder();
    await review(order, 'reviewed');
    await value('verify:start', { orderId: order.id });
    const taskRef = await clarificationTask('Exception: not stocked', label.prescriptionId);
    await review(order, 'exception', taskRef);
    const last = await scanAll(order);
    expect(last.run.recorded).toBeNull();
    expect(last.said!.text).toContain('Counted, but not recorded: Not recorded as verified: Held:');
    expect(last.run.scans.filter((s) => s.result === 'counted').length).toBe(last.run.lines.length);
    const finish = await invoke('verify:finish', { orderId: order.id, taskRef: null, controlledCount: null });
    expect(finish).toMatchObject({ ok: false, error: { code: 'not_allowed' } });
    expect(await value('audit:list', { orderId: order.id })).toEqual([]);
    // Reviewed again: verified; then held again: its label does not print, verified or not.
    await review(order, 'reviewed');
    const recorded = await value('verify:finish', { orderId: order.id, taskRef: null, controlledCount: null });
    expect(recorded.run.recorded?.outcome).toBe('verified');
    expect(await value('print:check', { document: label })).toMatchObject({ allowed: true });
    await review(order, 'needs_clarification', taskRef);
    expect(await refusal('print:check', { document: label })).toMatchObject({ code: 'not_allowed' });
  });

  it('a ticket decides nothing: a pharmacist’s label prepared before their "Needs clarification" prints nothing after it', async () => {
    const { order, label } = await freshOrder();
    await review(order, 'reviewed');
    await value('session:signOut');
    await value('session:signIn', { email: 'pharmacist@training.local', password: PASSWORD });
    await value('verify:start', { orderId: order.id });
    expect((await scanAll(order)).run.recorded!.outcome).toBe('verified');
    const prepared = await value('print:prepare', { document: label });
    expect(prepared).toMatchObject({ allowed: true, ticket: expect.any(String) });
    const taskRef = await clarificationTask('Clarify the strength', label.prescriptionId);
    await decide(order, 'needs_clarification', taskRef);
    expect(await refusal('print:check', { document: label })).toMatchObject({ code: 'not_allowed' });
    expect(await refusal('print:document', { ticket: prepared.ticket, output: 'print' })).toMatchObject({
      code: 'not_allowed',
      message: expect.stringContaining('No label yet'),
    });
    expect(await value('print:history', { document: label })).toEqual([]);
    await value('session:signOut');
    await value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
  });

  it('an order with a cancellation requested after it was verified gets no label, prepared or not', async () => {
    const { order, label } = await freshOrder();
    await review(order, 'reviewed');
    await value('verify:start', { orderId: order.id });
    expect((await scanAll(order)).run.recorded!.outcome).toBe('verified');
    const prepared = await value('print:prepare', { document: label });
    expect(prepared).toMatchObject({ allowed: true });
    await value('orders:requestCancellation', { params: { order_id: order.id }, body: { comments: 'patient moved' } });
    expect(await refusal('print:document', { ticket: prepared.ticket, output: 'print' })).toMatchObject({
      code: 'not_allowed',
      message: expect.stringContaining('cancellation requested'),
    });
    expect(await refusal('print:check', { document: label })).toMatchObject({ code: 'not_allowed' });
    expect(await value('print:history', { document: label })).toEqual([]);
  });

  it('a discrepancy may still be recorded for a held order’s open run (it verifies nothing)', async () => {
    const { order, label } = await freshOrder();
    await review(order, 'reviewed');
    await value('verify:start', { orderId: order.id });
    await scan(order.id, 'NOTHING-SCANNED', { entry: 'typed' });
    const taskRef = await clarificationTask('Clarify the dose', label.prescriptionId);
    await review(order, 'needs_clarification', taskRef);
    const ended = await value('verify:finish', { orderId: order.id, taskRef: null, controlledCount: null });
    expect(ended.run.recorded?.outcome).toBe('discrepancy');
  });
});
