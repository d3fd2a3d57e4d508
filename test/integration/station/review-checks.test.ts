// The review's checks are main's (review:open answers them with what the cards show), against the training service over
// real HTTP: every check the rules know, from main's own reads, and the findings a pharmacist's decision records are those same checks. Bad input is
// refused, and a prescription that cannot be read says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationChannels } from '../../../contract/ipc.ts';
import { CHECK_IDS } from '../../../rules/clinical/check-model.ts';
import { PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { verifyDriver } from './verify-driver.ts';

let rig: StationRig;
const { value, refusal, orders, prescriptionsOf, review } = verifyDriver(() => rig);

beforeAll(async () => {
  rig = await startStationRig();
  await value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
}, 60_000);
afterAll(async () => {
  await rig?.close();
});

const checksOf = async (prescriptionId: string) =>
  stationChannels['review:open'].output.parse(await value('review:open', { prescriptionId })).checks;

describe("a review's checks, as main runs them", () => {
  it('answers every check the rules know, in the panel order, each with a status and a reason', async () => {
    const order = (await orders()).find((o) => (o.electronic_prescription_ids ?? []).length > 0)!;
    const [prescription] = await prescriptionsOf(order);
    if (!prescription) throw new Error('the demo data has too few such records');
    const checks = await checksOf(prescription.id);
    expect(checks.map((check) => check.id)).toEqual([...CHECK_IDS]);
    for (const check of checks) expect(check.reason.length).toBeGreaterThan(0);
  });

  it("the findings a pharmacist's decision records are the checks the screen was shown", async () => {
    const [, order] = (await orders()).filter((o) => (o.electronic_prescription_ids ?? []).length > 0);
    if (!order) throw new Error('the demo data has too few such records');
    const [prescription] = await prescriptionsOf(order);
    if (!prescription) throw new Error('the demo data has too few such records');
    const shown = await checksOf(prescription.id);
    const [recorded] = await review(order, 'reviewed');
    const findings = (recorded?.prescriptionId === prescription.id ? recorded : null)?.findings ?? [];
    expect(findings.map((finding) => [finding.check, finding.status])).toEqual(
      shown.map((check) => [check.id, check.status]),
    );
  });

  it('refuses an empty or odd prescription id, and says a prescription it cannot read was not checked', async () => {
    expect(await refusal('review:open', { prescriptionId: '' })).toMatchObject({ code: 'invalid_input' });
    expect(await refusal('review:open', { prescriptionId: 1 })).toMatchObject({ code: 'invalid_input' });
    expect(await refusal('review:open', { prescriptionId: 'x', orderId: '' })).toMatchObject({ code: 'invalid_input' });
    const unknown = await refusal('review:open', { prescriptionId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown).toMatchObject({ code: 'not_found' });
    expect(unknown.message).toMatch(/The review could not be opened: the prescription could not be read/);
  });
});
