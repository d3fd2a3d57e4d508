// The training demo data always gives the checks panel an allergy conflict to flag, found the way the station reads it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../../contract/service/orders.ts';
import type { PrescriptionDetail, PrescriptionItem } from '../../../../contract/service/prescriptions.ts';
import type { RiskFactorMatch } from '../../../../contract/service/risk-factors.ts';
import { localDay } from '../../../../rules/clinical/check-model.ts';
import { runChecks, shippingStateOf } from '../../../../rules/clinical/checks.ts';
import { type Harness, startHarness } from '../../../integration/training/harness.ts';
import { classes } from './fixtures.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** Every amoxicillin prescription whose patient has a penicillin allergy on file, read through the API. */
async function conflicts(): Promise<PrescriptionItem[]> {
  const found: PrescriptionItem[] = [];
  for (let page = 1; ; page++) {
    const items = (await h.api<PrescriptionItem[]>('GET', `/api/v1/prescriptions?page_size=200&page=${page}`)).body;
    for (const item of items.filter((p) => p.drug_name === 'Amoxicillin' && p.patient_id)) {
      const allergies = (
        await h.api<RiskFactorMatch[]>('GET', `/api/v1/patients/${item.patient_id}/risk_factors?type=allergy`)
      ).body;
      if (allergies.some((a) => /penicillin/i.test(a.name ?? '') && a.is_active !== false)) found.push(item);
    }
    if (items.length < 200) return found;
  }
}

describe('the seeded allergy conflict', () => {
  it.each([
    [1, 200],
    [1, 50],
    [4, 60],
    [7, 30],
  ])('is in the demo data built from seed %i with %i orders, and the checks fail it', async (seed, orders) => {
    const reset = await h.api('POST', '/api/v1/training/reset', { body: { seed, orders } });
    expect(reset.status).toBe(200);
    const [first] = await conflicts();
    expect(first, 'an amoxicillin prescription for a patient allergic to penicillin').toBeDefined();
    const detail = (
      await h.api<PrescriptionDetail>('GET', `/api/v1/prescriptions/${first?.id}?include_all=true`, {
        as: 'pharmacist',
      })
    ).body;
    const orderId = (detail.electronic_prescription as { order_id?: string } | null)?.order_id;
    const order = orderId ? (await h.api<Order>('GET', `/api/v1/orders/${orderId}`)).body : null;
    const riskFactors = (await h.api<RiskFactorMatch[]>('GET', `/api/v1/patients/${detail.patient_id}/risk_factors`))
      .body;
    const checks = runChecks({
      prescription: detail,
      product: detail.product ?? null,
      patient: detail.patient ?? null,
      prescriber: detail.prescriber ?? null,
      riskFactors,
      patientPrescriptions: [],
      shippingState: shippingStateOf(order, detail.patient),
      today: localDay(h.clock.now),
      classes,
    });
    expect(checks.find((check) => check.id === 'allergy')).toMatchObject({
      status: 'fail',
      reason: 'Penicillin allergy on file, Amoxicillin is a penicillin.',
    });
  });
});
