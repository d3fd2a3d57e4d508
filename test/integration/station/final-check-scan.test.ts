// The pharmacist's final check by scan, on a real station and training service (tech-check-tech not allowed, the
// default): a technician's verification waits in the pharmacy's "waiting for final check" list; the pharmacist scans
// the stock bottle and the label printed at fill (marked as awaiting the check); main parses both raw texts and compares
// them with what it read itself. A wrong product, lot or label is a hard stop, kept in the record and the audit log; the
// right ones make the label final (a reprint carries no band).

import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatGs1 } from '../../../rules/verification/codes/gs1.ts';
import { toGtin14 } from '../../../rules/verification/codes/gtin.ts';
import { ADMIN, PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { verifyDriver } from './verify-driver.ts';

const PHARMACIST = 'pharmacist@training.local';
let rig: StationRig;
const { invoke, value, refusal, controlled, orders, scan, reviewAll, prescriptionsOf, foreignProduct, productsOf } =
  verifyDriver(() => rig);
const signInAs = async (email: string) => {
  await invoke('session:signOut');
  await value('session:signIn', { email, password: PASSWORD });
};

interface Lot {
  id: string;
  product_id: string;
  batch_number: string;
  current_quantity: number;
  expiration_date: string;
  upc: string;
}
const lotsOf = async (productId: string): Promise<Lot[]> =>
  ((await value('inventory:list', {})).prescription as Lot[]).filter((lot) => lot.product_id === productId);
const dataMatrix = (lot: Lot) =>
  formatGs1(
    [
      { ai: '01', value: toGtin14(lot.upc) as string },
      { ai: '17', value: '301231' },
      { ai: '10', value: lot.batch_number },
    ],
    'gs',
  );

/**
 * The label's code as the label printed at fill carries it: the technician prints the label (it awaits the final
 * check, with its band) and the code is read from the very content main printed.
 */
async function labelCodeOf(label: { orderId: string; prescriptionId: string }): Promise<string> {
  const { ticket } = await value('print:prepare', { document: { kind: 'prescription_label' as const, ...label } });
  const printed = await value('print:document', { ticket: ticket as string, output: 'print' });
  expect(printed.content).toMatchObject({ band: 'AWAITING PHARMACIST FINAL CHECK' });
  return String((printed.content as { barcode: string }).barcode);
}

const used = new Set<string>();
/** An order of one medication line (nothing controlled) verified by the technician from a lot's DataMatrix. */
async function verifiedByTechnician(lotsNeeded = 1) {
  for (const order of await orders('received,data_entry')) {
    if (used.has(order.id) || controlled(order) || order.products.prescription?.length !== 1) continue;
    const line = order.products.prescription![0]!;
    const [rx] = await prescriptionsOf(order);
    const lots = (await lotsOf(line.id)).filter(
      (l) => l.current_quantity >= line.quantity! && Date.parse(l.expiration_date) > Date.now() + 30 * 86_400_000,
    );
    if (rx?.prescription_product_id !== line.id || lots.length < lotsNeeded) continue;
    used.add(order.id);
    const [lot, otherLot] = lots as [Lot, Lot | undefined];
    await value('verify:start', { orderId: order.id });
    let view = await scan(order.id, dataMatrix(lot), { quantity: line.quantity, entry: 'typed' });
    for (const other of productsOf(order).filter((p) => p.id !== line.id && (p.quantity ?? 1) > 0)) {
      view = await scan(order.id, other.sku!, { quantity: other.quantity ?? 1, entry: 'typed' });
    }
    expect(view.run.recorded).toMatchObject({ outcome: 'verified' });
    const label = { orderId: order.id, prescriptionId: rx.id as string };
    return { order, line, lot, otherLot, label, labelCode: await labelCodeOf(label) };
  }
  throw new Error('the demo data has no order fit for this test');
}

const finalChecksKept = (orderId: string) => {
  const db = new DatabaseSync(join(rig.dataDir, 'audit.db'), { readOnly: true });
  try {
    return db.prepare('SELECT outcome, stop, lot FROM final_checks WHERE order_id = ? ORDER BY seq').all(orderId);
  } finally {
    db.close();
  }
};

/** The label_printed facts of an order in this station's copy of the pharmacy's record. */
const labelFactsOf = (orderId: string) => {
  const db = new DatabaseSync(join(rig.dataDir, 'record.db'), { readOnly: true });
  try {
    const rows = db.prepare("SELECT body FROM facts WHERE kind = 'label_printed'").all() as { body: string }[];
    const facts = rows.map((row) => JSON.parse(row.body)).filter((fact) => fact.order_id === orderId);
    return facts.sort((a, b) => a.copy - b.copy);
  } finally {
    db.close();
  }
};

beforeAll(async () => {
  rig = await startStationRig();
  await signInAs(ADMIN);
  await value('settings:update', {
    pharmacyName: 'Maple Street',
    pharmacyAddress: '120 Maple St',
    pharmacyPhone: '555-0100',
  });
  await reviewAll('received,data_entry');
  await signInAs(TECHNICIAN);
}, 60_000);
afterAll(async () => {
  await rig?.close();
});

describe('the final check by scan', () => {
  it('a technician’s verification waits in the pharmacy’s list; the right bottle and the printed label make it final', async () => {
    const { order, lot, label, labelCode } = await verifiedByTechnician();
    const document = { kind: 'prescription_label' as const, ...label };
    // Printed at fill, awaiting the final check: kept as such here and in the pharmacy's record.
    expect((await value('print:check', { document })).awaitingFinalCheck).toMatch(/final check is required/);
    expect(await value('print:history', { document })).toEqual([
      expect.objectContaining({ copy: 1, awaitingFinalCheck: true, lots: [lot.batch_number] }),
    ]);
    expect(labelFactsOf(order.id)).toEqual([expect.objectContaining({ copy: 1, awaiting_final_check: true })]);
    const queue = await value('finalCheck:queue');
    expect(queue.needed).toBe(true);
    expect(queue.orders.find((o) => o.orderId === order.id)).toMatchObject({
      lineCount: productsOf(order).length,
      lastStop: null,
    });
    // A technician makes no final check, not even of another's verification.
    const input = { orderId: order.id, productCode: dataMatrix(lot), labelCode };
    expect(await refusal('finalCheck:scan', input)).toMatchObject({ code: 'forbidden' });
    await signInAs(PHARMACIST);
    const passed = await value('finalCheck:scan', input);
    expect(passed).toMatchObject({ outcome: 'passed', stop: null, orderDone: true });
    expect(passed.message).toMatch(/^Final check passed: .* released as final/);
    expect((await value('finalCheck:queue')).orders.map((o) => o.orderId)).not.toContain(order.id);
    expect(finalChecksKept(order.id)).toEqual([{ outcome: 'passed', stop: null, lot: lot.batch_number }]);
    await signInAs(TECHNICIAN);
    expect(await value('print:check', { document })).toMatchObject({
      allowed: true,
      reason: null,
      awaitingFinalCheck: null,
    });
    // Reprinted now, the label is final (no band), and names the lot its verification counted: in this station's
    // record and the pharmacy's.
    const { ticket, content } = await value('print:prepare', { document });
    expect(content).not.toHaveProperty('band');
    const reprint = { reason: 'final_check', note: 'Final label after the check by scan' } as const;
    const final = await value('print:document', { ticket: ticket as string, output: 'print', reprint });
    expect(final).toMatchObject({ copy: 2, content: { barcode: labelCode } });
    const [copy] = await value('print:history', { document });
    expect(copy).toMatchObject({ grounds: 'verified', lots: [lot.batch_number], awaitingFinalCheck: false });
    expect(labelFactsOf(order.id)).toEqual([
      expect.objectContaining({ kind: 'label_printed', copy: 1, awaiting_final_check: true }),
      expect.objectContaining({ kind: 'label_printed', copy: 2, lots: [lot.batch_number] }),
    ]);
    expect(labelFactsOf(order.id)[1]).not.toHaveProperty('awaiting_final_check');
  }, 60_000);

  it('a wrong product, another lot or a wrong label is a hard stop, kept, and the label still waits', async () => {
    const { order, line, lot, otherLot, label, labelCode } = await verifiedByTechnician(2);
    const other = await verifiedByTechnician();
    const foreign = await foreignProduct(order);
    await signInAs(PHARMACIST);
    const check = (productCode: string, code = labelCode) =>
      value('finalCheck:scan', { orderId: order.id, productCode, labelCode: code });
    const wrongProduct = await check(foreign.sku);
    expect(wrongProduct).toMatchObject({ outcome: 'stopped', stop: 'product', drug: null, orderDone: false });
    expect(wrongProduct.message).toMatch(/^Wrong product: /);
    expect((await check(dataMatrix(otherLot as Lot))).message).toContain(
      `Wrong lot: the bottle scanned is lot ${otherLot?.batch_number}`,
    );
    const wrongLabel = await check(dataMatrix(lot), other.labelCode);
    expect(wrongLabel).toMatchObject({ outcome: 'stopped', stop: 'label' });
    expect(wrongLabel.message).toMatch(
      /^Wrong label: the code scanned is the label of a prescription that is not on this order/,
    );
    expect((await check(line.sku, 'RX-NOT-A-LABEL')).stop).toBe('label');
    expect(finalChecksKept(order.id).map((row) => row.stop)).toEqual(['product', 'lot', 'label', 'label']);
    const waiting = (await value('finalCheck:queue')).orders.find((o) => o.orderId === order.id);
    expect(waiting?.lastStop).toMatch(/^Wrong label/);
    const still = await value('print:check', { document: { kind: 'prescription_label' as const, ...label } });
    expect(still.awaitingFinalCheck).toMatch(/final check is required/);
    // Garbage in gets a clear refusal, never a crash.
    expect(await refusal('finalCheck:scan', { orderId: order.id, productCode: '', labelCode })).toMatchObject({
      code: 'invalid_input',
    });
    expect(
      await refusal('finalCheck:scan', { orderId: 'no-such-order', productCode: 'x', labelCode: 'y' }),
    ).toMatchObject({
      code: 'not_found',
    });
    await signInAs(TECHNICIAN);
  }, 90_000);
});
