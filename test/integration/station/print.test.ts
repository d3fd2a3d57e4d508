// Printing as main enforces it, against the real station and training service: a label needs the pharmacy set (by an
// admin), its line verified at this station or a pharmacist's allowance with a reason, and a reprint a reason; every
// copy is in the hash-chained audit log; the label's barcode is the prescription's own, never re-issued, and opens it.

import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentKeyOf } from '../../../contract/documents.ts';
import type { Order } from '../../../contract/service/orders.ts';
import type { PrescriptionItem } from '../../../contract/service/prescriptions.ts';
import type { DocumentPrinter, PrintJob } from '../../../main/work/print/printer-port.ts';
import { contentOf, stationCalls } from '../support/station-calls.ts';
import { ADMIN, PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { verifyDriver } from './verify-driver.ts';

const PHARMACIST = 'pharmacist@training.local';
let rig: StationRig;
const jobs: PrintJob[] = [];
/** The desktop app's port as main/work/print sees it: it records the jobs main sends (main/shells/electron prints them for real). */
const printer: DocumentPrinter = {
  print: async (job) => {
    jobs.push(job);
    return { printed: true, problem: null };
  },
  savePdf: async (job) => ({ savedTo: `/tmp/${job.suggestedName}` }),
};

const { invoke, value, refusal } = stationCalls(() => rig);
const signInAs = async (email: string) => {
  await value('session:signOut');
  await value('session:signIn', { email, password: PASSWORD });
};

let order: Order;
/** Every product line of the order as the service lists it. */
const productsOf = (o: Order) => [
  ...(o.products?.prescription ?? []),
  ...(o.products?.non_prescription ?? []),
  ...(o.products?.order_material ?? []),
];
let item: PrescriptionItem;
const label = () => ({ kind: 'prescription_label', orderId: order.id, prescriptionId: item.id }) as const;
/** Prepares the label in main and presents its one-time ticket, as the preview's Print button does. */
const print = async (extra: Record<string, unknown> = {}) => {
  const { ticket } = await value('print:prepare', { document: label() });
  return invoke('print:document', { ticket, output: 'print', ...extra });
};
const CONFIRM_OVERRIDE = () => ({ kind: 'print_override', documentKey: documentKeyOf(label()) }) as const;

beforeAll(async () => {
  // Tech-check-tech allowed: these labels print on a technician's verification (the final check: final-check.test.ts).
  rig = await startStationRig({ printer }, { techCheckTech: 'allowed' });
  await value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
  const orders = await value('orders:list', { query: { page_size: 100, status: 'received' } });
  for (const candidate of orders) {
    const product = candidate.products?.prescription?.[0];
    if (!product || product.is_controlled_substance) continue;
    const erx = await value('prescriptions:getElectronic', {
      params: { electronic_prescription_id: candidate.electronic_prescription_ids?.[0] ?? '' },
    });
    const match = erx.prescriptions?.find((p) => p.prescription_product_id === product.id);
    if (match) {
      [order, item] = [candidate, match];
      break;
    }
  }
  expect(item, 'a received order whose prescription is on file').toBeTruthy();
  // Reviewed "OK to fill" by the pharmacist first (one record in the chain): the pharmacist's gate is tested on its own.
  await verifyDriver(() => rig).review(order);
});
afterAll(async () => {
  await rig.close();
});

describe('printing a prescription label', () => {
  it('a fresh training install starts with the demo pharmacy, so a trainee’s label prints a full header', async () => {
    const fresh = await startStationRig({}, { freshInstall: true });
    const freshCalls = stationCalls(() => fresh);
    try {
      await freshCalls.value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
      expect(await freshCalls.value('settings:get')).toMatchObject({
        pharmacyName: 'Maple Street Training Pharmacy',
        pharmacyAddress: '120 Maple Street, Springfield, IL 62701',
        pharmacyPhone: '(217) 555-0142',
      });
    } finally {
      await fresh.close();
    }
  });

  it('without the pharmacy details: "Pharmacy details missing", never "not verified"; no slip, no override; only an admin sets them', async () => {
    // This suite's station had a settings file already, without the pharmacy; and the pharmacy's record has none.
    await signInAs(ADMIN);
    const blank = await refusal('settings:update', { pharmacyName: ' ', pharmacyAddress: null, pharmacyPhone: null });
    expect(blank.message).toMatch(/pharmacyName must not be blank/);
    await signInAs(TECHNICIAN);
    const check = await value('print:check', { document: label() });
    expect(check).toMatchObject({ allowed: false, copies: 0, blockedBy: 'pharmacy_missing' });
    expect(check.reason).toMatch(/^Pharmacy details missing: the pharmacy's name, address and phone are not set/);
    expect(check.reason).toContain('Settings → Pharmacy and printing');
    expect(check.reason).not.toMatch(/verif/i);
    // Nothing is drawn, so nothing can be printed, with or without a pharmacist: no blank header, no "call us".
    const slip = await value('print:prepare', { document: { kind: 'packing_slip', orderId: order.id } });
    expect(slip).toMatchObject({ allowed: false, blockedBy: 'pharmacy_missing', content: null, ticket: null });
    const prepared = await value('print:prepare', { document: label() });
    expect(prepared).toMatchObject({ content: null, ticket: null });
    expect(await refusal('settings:update', { pharmacyName: 'Somewhere' })).toMatchObject({ code: 'forbidden' });
    await signInAs(ADMIN);
    await value('settings:update', {
      pharmacyName: 'Maple Street Training Pharmacy',
      pharmacyAddress: '120 Maple Street, Springfield, IL 62701',
      pharmacyPhone: '(217) 555-0142',
      labelStock: '4x6',
      printers: { prescription_label: 'Zebra bench 2', packing_slip: null, lot_label: null, staff_badge: null },
    });
    await signInAs(TECHNICIAN);
    expect(await value('print:check', { document: label() })).toMatchObject({ blockedBy: 'not_verified' });
  });

  it('before verification: refused with the reason; a technician cannot allow it; a forged confirmation is refused', async () => {
    const check = await value('print:check', { document: label() });
    expect(check.allowed).toBe(false);
    expect(check.reason).toContain(`on order ${order.order_number} has not been counted complete`);
    expect(await print()).toMatchObject({ ok: false, error: { code: 'not_verified', message: check.reason } });
    const own = await print({ override: { confirmationId: null, note: 'I checked it myself' } });
    expect(own).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const forged = await print({ override: { confirmationId: 'made-up', note: 'Checked by hand' } });
    expect(forged).toMatchObject({ ok: false, error: { code: 'expired' } });
    expect(await value('print:history', { document: label() })).toEqual([]);
    expect(jobs).toEqual([]);
  });

  it('a pharmacist confirming at the station allows it with a reason; the record names both people', async () => {
    const confirmation = await value('session:confirmPharmacist', {
      who: PHARMACIST,
      password: PASSWORD,
      purpose: CONFIRM_OVERRIDE(),
    });
    const answer = await print({
      override: { confirmationId: confirmation.confirmationId, note: 'Checked the vial against the prescription' },
    });
    expect(answer).toMatchObject({ ok: true, value: { copy: 1, handledBy: 'station', problem: null } });
    // The printer gets the recorded copy to draw: the real label (its live barcode), not the refused preview.
    if (!answer.ok) throw new Error(`print:document refused: ${answer.error.message}`);
    const { content, contentHash } = answer.value;
    expect(content).toMatchObject({ barcode: expect.stringMatching(/^PRESCRIPTION-/) });
    expect(jobs).toEqual([{ pageSize: { width: 4, height: 6 }, printer: 'Zebra bench 2', content, contentHash }]);
    const [record] = await value('print:history', { document: label() });
    expect(record?.contentHash).toBe(contentHash);
    expect(record).toMatchObject({
      copy: 1,
      grounds: 'pharmacist',
      overrideBy: { email: PHARMACIST, name: 'Parker Pharmacist' },
      overrideNote: 'Checked the vial against the prescription',
      user: { email: TECHNICIAN },
      printer: 'Zebra bench 2',
    });
  });

  it('after a verification at this station it prints on its own grounds; a reprint needs a reason', async () => {
    // Verified the one way there is: main's run of the order, every line scanned complete.
    await value('verify:start', { orderId: order.id });
    for (const product of productsOf(order)) {
      const quantity = product.quantity ?? 1;
      await value('verify:scan', {
        orderId: order.id,
        text: quantity > 1 ? `${quantity}*${product.sku}` : product.sku!,
        entry: 'typed',
      });
    }
    const [verified] = await value('audit:list', { orderId: order.id });
    expect(verified?.outcome).toBe('verified');
    expect(await value('print:check', { document: label() })).toMatchObject({ allowed: true, reason: null, copies: 1 });
    const bare = await print();
    expect(bare).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(bare.ok ? '' : bare.error.message).toContain('printed here before (copy 1): say why');
    const again = await print({ output: 'pdf', reprint: { reason: 'damaged', note: 'Torn when peeled' } });
    expect(again).toMatchObject({
      ok: true,
      value: { copy: 2, handledBy: 'station', savedTo: '/tmp/prescription-label-copy-2.pdf' },
    });
    const history = await value('print:history', { document: label() });
    expect(history.map((r) => [r.copy, r.grounds, r.output, r.reprintReason, r.reprintNote])).toEqual([
      [2, 'verified', 'pdf', 'damaged', 'Torn when peeled'],
      [1, 'pharmacist', 'print', null, null],
    ]);
  });

  it('the label carries the prescription’s own service barcode, issued once, which scans open to the prescription', async () => {
    const first = contentOf(await value('print:prepare', { document: label() }), 'prescription_label').barcode;
    const twice = await Promise.all([
      value('print:prepare', { document: label() }),
      value('print:prepare', { document: label() }),
    ]);
    expect(twice.map((prepared) => contentOf(prepared, 'prescription_label').barcode)).toEqual([first, first]);
    const active = await value('barcodes:list', {
      params: { entity_type: 'prescription', entity_id: item.id },
      query: { is_active: true },
    });
    expect(active.map((b) => b.value)).toEqual([first]);
    expect(await value('scan:resolve', { code: first })).toEqual({
      kind: 'prescription',
      prescriptionId: item.id,
    });
  });

  it('a badge is printed by its owner or an admin, and the audit chain holds every print', async () => {
    const other = await refusal('print:check', { document: { kind: 'staff_badge', userId: 'someone-else' } });
    expect(other.code).toBe('forbidden');
    const verified = spawnSync(process.execPath, ['scripts/audit.ts', 'verify', '--data-dir', rig.dataDir], {
      encoding: 'utf8',
    });
    // The rig keeps secrets in memory (no keychain): the chain is whole, says plainly it is not keyed, and exits 2.
    // Its 9 records: the 4 prints and the admin's 5 setting changes (the pharmacy's name, address, phone and label
    // stock, now facts of the pharmacy's record as well; this station's printers).
    expect(verified.stdout).toMatch(/audit chain: 9 records, links consistent but NOT KEYED/);
    expect(verified.status).toBe(2);
  });
});
