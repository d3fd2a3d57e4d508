// Tech-check-tech, a pharmacy-wide rule off by default: where it is not allowed, a technician's verification is not
// the final check, so the prescription label prints marked as awaiting a pharmacist (who scans it at the final check,
// verifies the order, or confirms the label with their password at the print step, which prints it final). Driven as a hostile page and a hostile technician would: the page cannot claim a
// final check, no save at the station turns the rule on, and neither does settings.json edited on disk; only the
// machine policy IT sets does. Main decides from its own records and the policy.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocumentRef, documentKeyOf } from '../../../contract/documents.ts';
import { ADMIN, PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { type DrivenOrder, verifyDriver } from './verify-driver.ts';

const PHARMACIST = 'pharmacist@training.local';
let rig: StationRig;
const driver = verifyDriver(() => rig);
const { invoke, value, refusal, scanAll } = driver;
const used = new Set<string>();

const signInAs = async (email: string) => {
  await invoke('session:signOut');
  await value('session:signIn', { email, password: PASSWORD });
};

/** An open order (not controlled) whose one prescription line its prescription names, reviewed OK to fill. */
async function reviewedOrder(
  on = driver,
): Promise<{ order: DrivenOrder; label: Extract<DocumentRef, { kind: 'prescription_label' }> }> {
  const { controlled, orders, prescriptionsOf, review } = on;
  for (const order of await orders('received,data_entry')) {
    if (used.has(order.id) || controlled(order) || (order.products?.prescription ?? []).length !== 1) continue;
    const [rx] = await prescriptionsOf(order);
    if (rx?.prescription_product_id !== order.products.prescription![0]!.id) continue;
    used.add(order.id);
    await review(order);
    return { order, label: { kind: 'prescription_label', orderId: order.id, prescriptionId: rx.id } };
  }
  throw new Error('the demo data has no such order left');
}

beforeAll(async () => {
  rig = await startStationRig();
  await signInAs(ADMIN);
  const pharmacy = { pharmacyName: 'Maple Street', pharmacyAddress: '120 Maple St', pharmacyPhone: '555-0100' };
  await value('settings:update', pharmacy);
  await signInAs(TECHNICIAN);
}, 60_000);
afterAll(async () => {
  await rig?.close();
});

describe('tech-check-tech', () => {
  it('is not allowed by default, and no save at the station turns it on, not even an admin’s', async () => {
    expect((await value('settings:policy')).techCheckTechAllowed).toBe(false);
    await signInAs(ADMIN);
    expect(await refusal('settings:update', { techCheckTechAllowed: true })).toMatchObject({ code: 'invalid_input' });
    expect(await value('settings:get')).not.toHaveProperty('techCheckTechAllowed');
    await signInAs(TECHNICIAN);
  });

  it('a technician who writes tech-check-tech into settings.json gets no say: now, or after a restart', async () => {
    const { order, label } = await reviewedOrder();
    const file = join(rig.dataDir, 'settings.json');
    const stored = JSON.parse(await readFile(file, 'utf8'));
    await writeFile(file, JSON.stringify({ ...stored, techCheckTechAllowed: true }));
    await value('verify:start', { orderId: order.id });
    expect((await scanAll(order)).finalCheckNeeded).toMatch(/final check is required/);
    expect((await value('print:check', { document: label })).awaitingFinalCheck).toMatch(/final check is required/);
    // The label prints, but not as final: it carries the band saying it awaits the pharmacist, and is kept as such.
    const { ticket } = await value('print:prepare', { document: label });
    const printed = await value('print:document', { ticket: ticket as string, output: 'print' });
    expect(printed.content).toMatchObject({ band: 'AWAITING PHARMACIST FINAL CHECK' });
    expect(await value('print:history', { document: label })).toEqual([
      expect.objectContaining({ grounds: 'verified', awaitingFinalCheck: true }),
    ]);
    await rig.stop();
    await rig.restart();
    await signInAs(TECHNICIAN);
    expect((await value('print:check', { document: label })).awaitingFinalCheck).toMatch(/final check is required/);
    // The station names the field it ignored, and obeys nothing of it.
    expect(
      rig.lines.some((line) => line.includes('pharmacy-wide rules') && line.includes('techCheckTechAllowed')),
    ).toBe(true);
  }, 60_000);

  it('not allowed: a technician’s verification prints the label marked as awaiting a pharmacist’s final check', async () => {
    const { order, label } = await reviewedOrder();
    await value('verify:start', { orderId: order.id });
    const last = await scanAll(order);
    expect(last.run.recorded).toMatchObject({ outcome: 'verified', signOffs: [] });
    // Main's answer to the step that recorded it says so, for the verify screen to show.
    expect(last.finalCheckNeeded).toMatch(
      /^A pharmacist’s final check is required before this label is final: .* technician/,
    );
    // The label may print (the pharmacist scans it at the final check), marked as awaiting that check.
    const check = await value('print:check', { document: label });
    expect(check).toMatchObject({ allowed: true, reason: null, blockedBy: null });
    expect(check.awaitingFinalCheck).toMatch(
      /^A pharmacist’s final check is required before this label is final: .* verified by a technician/,
    );
    const preview = await value('print:prepare', { document: label });
    expect(preview).toMatchObject({ preview: false, content: { band: 'AWAITING PHARMACIST FINAL CHECK' } });
    expect((preview.content as { barcode: string }).barcode).toMatch(/^PRESCRIPTION-/);
    // The page cannot claim a final check for itself.
    const forged = { purpose: 'final_check', productId: null, note: 'Checked', confirmationId: null };
    expect(await refusal('verify:start', { orderId: order.id, signOffs: [forged] })).toMatchObject({
      code: 'invalid_input',
    });
    // The pharmacist checks the product and confirms this label with their password: it prints final (no band),
    // with who allowed it.
    const given = await value('session:confirmPharmacist', {
      who: PHARMACIST,
      password: PASSWORD,
      purpose: { kind: 'print_override', documentKey: documentKeyOf(label) },
    });
    const { ticket } = await value('print:prepare', { document: label });
    const override = { confirmationId: given.confirmationId, note: 'Final check: vial against the prescription' };
    const printed = await value('print:document', { ticket: ticket!, output: 'print', override });
    expect(printed).toMatchObject({ copy: 1 });
    expect(printed.content).not.toHaveProperty('band');
    const [record] = await value('print:history', { document: label });
    expect(record).toMatchObject({
      grounds: 'pharmacist',
      awaitingFinalCheck: false,
      overrideBy: { email: PHARMACIST },
      user: { email: TECHNICIAN },
    });
  });

  it('not allowed: a pharmacist’s own verification is the final check, kept as their sign-off', async () => {
    const { order, label } = await reviewedOrder();
    await signInAs(PHARMACIST);
    await value('verify:start', { orderId: order.id });
    const last = await scanAll(order);
    expect(last.run.recorded!.signOffs).toEqual([
      expect.objectContaining({ purpose: 'final_check', by: expect.objectContaining({ email: PHARMACIST }) }),
    ]);
    expect(last.finalCheckNeeded).toBeNull();
    expect(await value('print:check', { document: label })).toMatchObject({
      allowed: true,
      reason: null,
      awaitingFinalCheck: null,
    });
    await signInAs(TECHNICIAN);
  });

  it('allowed by the pharmacy’s IT in the machine policy: a technician’s verification is the final check', async () => {
    const allowed = await startStationRig({}, { techCheckTech: 'allowed' });
    const other = verifyDriver(() => allowed);
    try {
      await other.value('session:signIn', { email: ADMIN, password: PASSWORD });
      const pharmacy = { pharmacyName: 'Maple Street', pharmacyAddress: '120 Maple St', pharmacyPhone: '555-0100' };
      await other.value('settings:update', pharmacy);
      await other.invoke('session:signOut');
      await other.value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
      expect((await other.value('settings:policy')).techCheckTechAllowed).toBe(true);
      const { order, label } = await reviewedOrder(other);
      await other.value('verify:start', { orderId: order.id });
      const last = await other.scanAll(order);
      expect(last.run.recorded).toMatchObject({ outcome: 'verified' });
      expect(last.finalCheckNeeded).toBeNull();
      expect(await other.value('print:check', { document: label })).toMatchObject({
        allowed: true,
        reason: null,
        awaitingFinalCheck: null,
      });
    } finally {
      await allowed.close();
    }
  }, 60_000);
});
