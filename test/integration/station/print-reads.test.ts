// The service reads one label's print costs, counted at the service (a counting proxy in front of a real training
// service), not timed: the gate reads the order and the prescription as they are now, at the preview and again at the
// print (a ticket decides nothing: an order cancelled or held in between gets no label), and the preview reads the
// prescription's barcode: 5 reads for a verified label's print. (The patient's risk factors are read besides, to confirm
// the "OK to fill" in the pharmacy's record still covers what the service says now.)
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentRef } from '../../../contract/documents.ts';
import { startChild } from '../../bench/lib/child.ts';
import { type CountingProxy, startCountingProxy } from '../../bench/lib/counting-proxy.ts';
import type { ChannelInputOf, ChannelValueOf } from '../support/station-calls.ts';
import { ADMIN, PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { verifyDriver } from './verify-driver.ts';

const root = join(import.meta.dirname, '../../..');
let training: { url: string; child: ChildProcess };
let proxy: CountingProxy;
let rig: StationRig;
const { value, orders, controlled, scanAll, review, prescriptionsOf } = verifyDriver(() => rig);

beforeAll(async () => {
  training = await startChild(
    [join(root, 'training/cli.ts'), '--port', '0', '--db', ':memory:', '--orders', '30', '--paused', '--quiet'],
    /training service listening on (http:\/\/\S+)/,
  );
  proxy = await startCountingProxy(training.url);
  // Tech-check-tech allowed: the reads of a verified label are counted here, not the final check.
  rig = await startStationRig(
    { startTraining: async () => ({ url: proxy.url, stop: async () => {} }) },
    { techCheckTech: 'allowed' },
  );
  await value('session:signIn', { email: ADMIN, password: PASSWORD });
  await value('settings:update', {
    pharmacyName: 'Maple Street Training Pharmacy',
    pharmacyAddress: '120 Maple Street, Springfield, IL 62701',
    pharmacyPhone: '(217) 555-0142',
  });
  await value('session:signOut');
  await value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
}, 60_000);
afterAll(async () => {
  await rig?.close();
  await proxy?.close();
  training?.child.kill('SIGTERM');
});

/** A received order with a prescription line that is on file, reviewed "OK to fill", and that line's prescription. */
const used: string[] = [];
async function labelledOrder() {
  for (const order of await orders('received,data_entry')) {
    if (controlled(order) || used.includes(order.id)) continue;
    const product = order.products.prescription?.[0];
    const item = (await prescriptionsOf(order)).find((p) => p.prescription_product_id === product?.id);
    if (!item) continue;
    used.push(order.id);
    await review(order);
    return { order, document: { kind: 'prescription_label', orderId: order.id, prescriptionId: item.id } as const };
  }
  throw new Error('no order with a prescription on file');
}

/** Waits until nothing is on its way to the service (a sign-in's own reads, e.g. its webhook subscription, are done). */
async function quiet(): Promise<void> {
  await expect.poll(() => proxy.inFlight()).toBe(0);
}

/** The service GETs `work` caused about this document (its order, its prescription, their barcodes), ids as {id}. */
async function readsOf(document: { orderId: string; prescriptionId: string }, work: () => Promise<unknown>) {
  await quiet();
  proxy.reset();
  await work();
  return proxy
    .reads()
    .filter((read) => read.includes(document.orderId) || read.includes(document.prescriptionId))
    .map((read) => read.replaceAll(document.orderId, '{order}').replaceAll(document.prescriptionId, '{rx}'))
    .sort();
}

/** One preparation and print of `document`, as the preview's Print button does. */
const printOnce =
  (document: DocumentRef, extra: Partial<ChannelInputOf<'print:document'>> = {}) =>
  async () => {
    const prepared = await value('print:prepare', { document });
    await value('print:document', { ticket: prepared.ticket!, output: 'pdf', ...extra });
  };

describe('the service reads of one print', () => {
  it('a verified label is gated on the order and prescription as they are now, at the preview and again at the print', async () => {
    const { order, document } = await labelledOrder();
    await value('verify:start', { orderId: order.id });
    const verified = await scanAll(order);
    expect(verified.run.recorded!.outcome).toBe('verified');
    expect(verified.run.recorded!.orderAsRead!.patientId).toBe(order.patient!.id);
    const first = await readsOf(document, printOnce(document));
    expect(first).toEqual([
      'GET /api/v1/barcodes/prescription/{rx}',
      'GET /api/v1/orders/{order}',
      'GET /api/v1/orders/{order}',
      'GET /api/v1/prescriptions/{rx}',
      'GET /api/v1/prescriptions/{rx}',
    ]);
    const reprint = await readsOf(document, printOnce(document, { reprint: { reason: 'damaged', note: 'torn' } }));
    expect(reprint).toEqual(first);
  }, 60_000);

  it('a label no verification holds reads the order itself to hold the prescription against it', async () => {
    const { document } = await labelledOrder();
    let check: ChannelValueOf<'print:check'> | undefined;
    const reads = await readsOf(document, async () => {
      check = await value('print:check', { document });
    });
    expect(check!.allowed).toBe(false);
    expect(reads).toEqual(['GET /api/v1/orders/{order}', 'GET /api/v1/prescriptions/{rx}']);
  }, 60_000);
});
