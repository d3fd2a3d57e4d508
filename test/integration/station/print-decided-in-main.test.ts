// Printing decided in main, tried as a hostile page would (the channels called straight, with forged input), on a
// permissive service (every call carries an admin's token, so the service refuses nothing a role could): a label for
// another patient's prescription of the same product is refused, a short line is not unlocked by a complete other
// line, a ticket serves once and only its own sign-in, and the record's hash covers exactly the content the preview drew.

import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson, type LabelContent } from '../../../contract/document-content.ts';
import { documentKeyOf } from '../../../contract/documents.ts';
import type { Order } from '../../../contract/service/orders.ts';
import type { PrescriptionItem } from '../../../contract/service/prescriptions.ts';
import { whyNotCompletable } from '../../../rules/verification/order-standing.ts';
import { isPastVerification } from '../../../rules/verification/who-may-verify.ts';
import { stationCalls } from '../support/station-calls.ts';
import { ADMIN, PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { type PermissiveService, startPermissiveService } from './permissive-service.ts';
import { verifyDriver } from './verify-driver.ts';

let service: PermissiveService;
let rig: StationRig;
const { invoke, value } = stationCalls(() => rig);

interface RxLine {
  order: Order;
  item: PrescriptionItem;
  product: NonNullable<NonNullable<Order['products']>['prescription']>[number];
}
/** Every received order's prescription lines whose product is on the order, with the order's patient. */
let lines: RxLine[] = [];
const labelOf = (order: Order, item: PrescriptionItem) =>
  ({ kind: 'prescription_label', orderId: order.id, prescriptionId: item.id }) as const;
/** Orders this test recorded a verification of. */
const verified = new Set<string>();
const { scan, productsOf, controlled, reviewAll } = verifyDriver(() => rig);
/** Main's own run over the line's order: every other line counted complete, this one counted `scanned`; finished. */
async function verify(line: RxLine, scanned = line.product.quantity ?? 1) {
  verified.add(line.order.id);
  let view = await value('verify:start', { orderId: line.order.id });
  for (const product of productsOf(line.order)) {
    const count = product.id === line.product.id ? scanned : (product.quantity ?? 1);
    if (count > 0) view = await scan(line.order.id, product.sku!, count > 1 ? { quantity: count, entry: 'typed' } : {});
  }
  // The last scan that completes every line records the verification itself; a short run is finished as it is.
  if (view.run.recorded) return view;
  return value('verify:finish', { orderId: line.order.id, taskRef: null, controlledCount: null });
}

beforeAll(async () => {
  service = await startPermissiveService(60);
  // Tech-check-tech allowed: what the label says and who it is for is tested here, not the final check.
  rig = await startStationRig(
    { startTraining: async () => ({ url: service.url, stop: async () => {} }) },
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
  // Every prescription of the orders this file takes (these statuses) reviewed "OK to fill" by the pharmacist first:
  // the pharmacist's gate is tested on its own. Not all 200 of the demo data: reviewing those was most of its set-up.
  await reviewAll('received,data_entry,picked');
  const me = (await value('session:state')).user?.id;
  // Orders this technician may verify: not past verification, not held or with a cancellation requested, not picked by
  // them (main holds these rules).
  const orders = (await value('orders:list', { query: { page_size: 100 } })).filter(
    (order) => !isPastVerification(order.status) && whyNotCompletable(order) === null,
  );
  // Main's run needs every line nameable by a scan, and no controlled line (that waits for a pharmacist's count).
  for (const order of orders.filter((o) => !controlled(o) && productsOf(o).every((p) => p.sku))) {
    const history = await value('orders:statusHistory', { params: { order_id: order.id } });
    if (history.some((step) => step.updated_by === me)) continue;
    for (const erxId of order.electronic_prescription_ids ?? []) {
      const erx = await value('prescriptions:getElectronic', { params: { electronic_prescription_id: erxId } });
      for (const item of erx.prescriptions ?? []) {
        const product = order.products?.prescription?.find((p) => p.id === item.prescription_product_id);
        if (product && !product.is_controlled_substance) lines.push({ order, item, product });
      }
    }
  }
  lines = lines.filter((line) => line.order.patient?.id);
}, 60_000);
afterAll(async () => {
  await rig?.close();
  await service?.close();
});

describe('a prescription label is decided in main, from what main read', () => {
  it('a label for order A with another patient’s prescription of the same product is refused, even with A’s line verified', async () => {
    let mine: RxLine | undefined;
    let theirs: PrescriptionItem | undefined;
    for (const line of lines) {
      const same = await value('prescriptions:list', {
        query: { prescription_product_id: line.product.id, page_size: 100 },
      });
      theirs = same.find((rx) => rx.patient_id && rx.patient_id !== line.order.patient!.id);
      mine = line;
      if (theirs) break;
    }
    expect(theirs, 'the demo data has one product prescribed to two patients').toBeTruthy();
    await verify(mine as RxLine);
    const forged = labelOf((mine as RxLine).order, theirs!);
    for (const channel of ['print:check', 'print:prepare']) {
      const answer = await invoke(channel, { document: forged });
      expect(answer).toMatchObject({ ok: false, error: { code: 'not_allowed' } });
      expect(answer.ok ? '' : answer.error.message).toMatch(/another patient|not on order/);
    }
    // The order's own label of that line prints on the verification.
    const own = labelOf((mine as RxLine).order, (mine as RxLine).item);
    expect(await value('print:check', { document: own })).toMatchObject({ allowed: true });
  });

  it('a complete other line of the order does not unlock this label: its own line must be counted complete', async () => {
    // The other line: DrivenLine other product of the same order (a second prescription or an over-the-counter item).
    const otherOf = (line: RxLine) =>
      [...(line.order.products?.prescription ?? []), ...(line.order.products?.non_prescription ?? [])].find(
        (product) => product.id !== line.product.id,
      );
    const short = lines.find((line) => otherOf(line) && !verified.has(line.order.id));
    expect(short, 'the demo data has an order with a second line').toBeTruthy();
    const { order } = short as RxLine;
    const other = otherOf(short as RxLine)!;
    expect(other.quantity ?? 1, 'the other line is counted complete').toBeGreaterThan(0);
    await verify(short as RxLine, 0);
    const check = await value('print:check', { document: labelOf(order, (short as RxLine).item) });
    expect(check.allowed).toBe(false);
    expect(check.reason).toContain('has not been counted complete');
  });
});

describe('a print ticket', () => {
  it('the preview’s content, the printed content and the content the record’s hash covers are one', async () => {
    const line = lines.find((each) => each.order.id !== lines[0]?.order.id) as RxLine;
    await verify(line);
    const prepared = await value('print:prepare', { document: labelOf(line.order, line.item) });
    expect(prepared).toMatchObject({ allowed: true, ticket: expect.any(String) });
    const printed = await value('print:document', { ticket: prepared.ticket!, output: 'pdf' });
    expect(printed.content).toEqual(prepared.content);
    const hash = createHash('sha256').update(canonicalJson(prepared.content)).digest('hex');
    expect(printed.contentHash).toBe(hash);
    const [record] = await value('print:history', { document: labelOf(line.order, line.item) });
    expect(record).toMatchObject({ id: printed.recordId, contentHash: hash, grounds: 'verified' });
  });

  it('serves once: the same ticket again is refused, and nothing more is recorded', async () => {
    const prepared = await value('print:prepare', { document: { kind: 'packing_slip', orderId: lines[0]!.order.id } });
    await value('print:document', { ticket: prepared.ticket!, output: 'pdf' });
    const again = await invoke('print:document', { ticket: prepared.ticket, output: 'pdf', reprint: null });
    expect(again).toMatchObject({ ok: false, error: { code: 'expired' } });
    const forged = await invoke('print:document', { ticket: 'made-up-by-the-page', output: 'print' });
    expect(forged).toMatchObject({ ok: false, error: { code: 'expired' } });
    expect(await value('print:history', { document: prepared.document })).toHaveLength(1);
  });

  it('goes with the sign-in: a ticket taken before sign-out does not print after it', async () => {
    const prepared = await value('print:prepare', { document: { kind: 'packing_slip', orderId: lines[1]!.order.id } });
    await value('session:signOut');
    await value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
    const after = await invoke('print:document', { ticket: prepared.ticket, output: 'pdf' });
    expect(after).toMatchObject({ ok: false, error: { code: 'expired' } });
  });
});

describe('a refused label on the page', () => {
  it('answers a preview with no barcode and no patient; the pharmacist’s override prints the real label, as recorded', async () => {
    const line = lines.find((each) => !verified.has(each.order.id)) as RxLine;
    expect(line, 'the demo data has a line nobody verified').toBeTruthy();
    const document = labelOf(line.order, line.item);
    const prepared = await value('print:prepare', { document });
    expect(prepared).toMatchObject({ allowed: false, preview: true, ticket: expect.any(String) });
    expect(prepared.content).toMatchObject({ kind: 'prescription_label', barcode: '' });
    const { confirmationId } = await value('session:confirmPharmacist', {
      who: 'pharmacist@training.local',
      password: PASSWORD,
      purpose: { kind: 'print_override', documentKey: documentKeyOf(document) },
    });
    const override = { confirmationId, note: 'Checked the vial by hand' };
    const printed = await value('print:document', { ticket: prepared.ticket!, output: 'pdf', override });
    const real = printed.content as LabelContent;
    expect(real.barcode, 'the printed copy carries the live barcode').not.toBe('');
    // Nothing the page was answered while refused holds the live barcode, the patient's name or date of birth.
    const answered = JSON.stringify(prepared);
    const patient = line.order.patient;
    for (const secret of [
      real.barcode,
      real.patient,
      patient!.first_name,
      patient!.last_name,
      patient!.date_of_birth,
    ]) {
      if (secret) expect(answered).not.toContain(secret);
    }
    const hash = createHash('sha256').update(canonicalJson(real)).digest('hex');
    expect(printed.contentHash).toBe(hash);
    const [record] = await value('print:history', { document });
    expect(record).toMatchObject({ id: printed.recordId, contentHash: hash, grounds: 'pharmacist' });
  });
});
