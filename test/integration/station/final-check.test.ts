// Tech-check-tech, an admin's state setting, off by default: where it is not allowed, a technician's verification is
// not the final check, so the prescription label waits for a pharmacist (who verifies the order, or allows the label
// with their password at the print step). Driven as a hostile page would: the page cannot claim a final check, and
// only an admin changes the setting. Main decides from its own records and settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentKeyOf } from '../../../contract/documents.ts';
import { defaultSettings } from '../../../contract/ipc/settings.ts';
import { ADMIN, PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { verifyDriver } from './verify-driver.ts';

const PHARMACIST = 'pharmacist@training.local';
let rig: StationRig;
const { invoke, value, refusal, controlled, orders, scanAll, prescriptionsOf, review } = verifyDriver(() => rig);
const used = new Set<string>();

const signInAs = async (email: string) => {
  await invoke('session:signOut');
  await value('session:signIn', { email, password: PASSWORD });
};

/** An open order (not controlled) whose one prescription line its prescription names, reviewed OK to fill. */
async function reviewedOrder(): Promise<{ order: any; label: any }> {
  for (const order of await orders('received,data_entry')) {
    if (used.has(order.id) || controlled(order) || (order.products?.prescription ?? []).length !== 1) continue;
    const [rx] = await prescriptionsOf(order);
    if (rx?.prescription_product_id !== order.products.prescription[0].id) continue;
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
  await value('settings:update', { ...pharmacy, techCheckTechAllowed: false });
  await signInAs(TECHNICIAN);
}, 60_000);
afterAll(async () => {
  await rig?.close();
});

describe('tech-check-tech', () => {
  it('is not allowed on a fresh install, and only an admin changes it', async () => {
    expect(defaultSettings.techCheckTechAllowed).toBe(false);
    expect(await refusal('settings:update', { techCheckTechAllowed: true })).toMatchObject({
      code: 'forbidden',
      message: expect.stringContaining('techCheckTechAllowed'),
    });
    expect((await value('settings:get')).techCheckTechAllowed).toBe(false);
  });

  it('not allowed: a technician’s verification leaves the label waiting for a pharmacist’s final check', async () => {
    const { order, label } = await reviewedOrder();
    await value('verify:start', { orderId: order.id });
    const last = await scanAll(order);
    expect(last.run.recorded).toMatchObject({ outcome: 'verified', signOffs: [] });
    // Main's answer to the step that recorded it says so, for the verify screen to show.
    expect(last.finalCheckNeeded).toMatch(/^A pharmacist’s final check is required before this label: .* technician/);
    const check = await value('print:check', { document: label });
    expect(check.allowed).toBe(false);
    expect(check.reason).toMatch(
      /^A pharmacist’s final check is required before this label: .* verified by a technician/,
    );
    // The page cannot claim a final check for itself.
    const forged = { purpose: 'final_check', productId: null, note: 'Checked', confirmationId: null };
    expect(await refusal('verify:start', { orderId: order.id, signOffs: [forged] })).toMatchObject({
      code: 'invalid_input',
    });
    // The pharmacist checks the product and allows this label with their password: it prints, with who allowed it.
    const given = await value('session:confirmPharmacist', {
      who: PHARMACIST,
      password: PASSWORD,
      purpose: { kind: 'print_override', documentKey: documentKeyOf(label) },
    });
    const { ticket } = await value('print:prepare', { document: label });
    const override = { confirmationId: given.confirmationId, note: 'Final check: vial against the prescription' };
    expect(await value('print:document', { ticket: ticket!, output: 'print', override })).toMatchObject({ copy: 1 });
    const [record] = await value('print:history', { document: label });
    expect(record).toMatchObject({
      grounds: 'pharmacist',
      overrideBy: { email: PHARMACIST },
      user: { email: TECHNICIAN },
    });
  });

  it('not allowed: a pharmacist’s own verification is the final check, kept as their sign-off', async () => {
    const { order, label } = await reviewedOrder();
    await signInAs(PHARMACIST);
    await value('verify:start', { orderId: order.id });
    const last = await scanAll(order);
    expect(last.run.recorded.signOffs).toEqual([
      expect.objectContaining({ purpose: 'final_check', by: expect.objectContaining({ email: PHARMACIST }) }),
    ]);
    expect(last.finalCheckNeeded).toBeNull();
    expect(await value('print:check', { document: label })).toMatchObject({ allowed: true, reason: null });
    await signInAs(TECHNICIAN);
  });

  it('allowed by the admin: a technician’s verification is the final check', async () => {
    const { order, label } = await reviewedOrder();
    await value('verify:start', { orderId: order.id });
    expect((await scanAll(order)).finalCheckNeeded).toMatch(/final check is required/);
    expect((await value('print:check', { document: label })).allowed).toBe(false);
    await signInAs(ADMIN);
    await value('settings:update', { techCheckTechAllowed: true });
    await signInAs(TECHNICIAN);
    expect(await value('print:check', { document: label })).toMatchObject({ allowed: true, reason: null });
    const again = (await reviewedOrder()).order;
    await value('verify:start', { orderId: again.id });
    const last = await scanAll(again);
    expect(last.run.recorded).toMatchObject({ outcome: 'verified' });
    expect(last.finalCheckNeeded).toBeNull();
  });
});
