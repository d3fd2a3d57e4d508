// A pharmacist's "Reviewed — OK to fill" on the prescriptions of some orders, through the page's bridge as the review
// screen records it (every failed check acknowledged): what lets an order past the pharmacist's gate, for the specs
// that test counting and labels rather than the review (the gate itself: test/e2e/fill-gate.spec.ts).

import type { Page } from '@playwright/test';
import { CHECK_IDS } from '../../rules/clinical/check-model.ts';
import { call, signIn } from './support.ts';

type Role = 'technician' | 'pharmacist' | 'admin';

/** Signs in as the pharmacist, reviews each order's prescriptions OK to fill, then signs in again as `back`. */
export async function reviewOrders(
  page: Page,
  url: () => string,
  orders: readonly { electronic_prescription_ids?: readonly string[] | null }[],
  back: Role,
): Promise<void> {
  // Signed out first when the page holds a station (it may not have opened one yet).
  await page.evaluate(() =>
    (window as { station?: { session?: { signOut?: () => Promise<unknown> } } }).station?.session?.signOut?.(),
  );
  await signIn(page, url(), 'pharmacist');
  const findings = CHECK_IDS.map((check) => ({
    check,
    status: 'fail' as const,
    finding: 'as main finds it',
    acknowledgement: 'Reviewed for the training shift',
  }));
  for (const order of orders) {
    for (const erxId of order.electronic_prescription_ids ?? []) {
      const erx = await call(page, 'prescriptions', 'getElectronic', { params: { electronic_prescription_id: erxId } });
      for (const item of erx.prescriptions ?? []) {
        const input = { prescriptionId: item.id, decision: 'reviewed' as const, findings, note: '', taskRef: null };
        await call(page, 'audit', 'recordReview', input);
      }
    }
  }
  await call(page, 'session', 'signOut');
  await signIn(page, url(), back);
}
