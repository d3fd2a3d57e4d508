// The label main prepares for a controlled prescription carries a beyond-use date by the pharmacy's rule (a year from
// the fill when no lot was counted), not the prescription's validity, and warns as its class does (an opioid: drowsiness
// and alcohol). Every controlled prescription of the open demo orders, prepared by main as the print dialog asks for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDay, yearAfter } from '../../../rules/words/dates.ts';
import { contentOf } from '../support/station-calls.ts';
import { ADMIN, PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { verifyDriver } from './verify-driver.ts';

let rig: StationRig;
const { invoke, value, controlled, orders, prescriptionsOf, review } = verifyDriver(() => rig);
const SCHEDULES: Record<string, string> = { tramadol: 'IV', zolpidem: 'IV', methylphenidate: 'II' };

beforeAll(async () => {
  rig = await startStationRig();
  await value('session:signIn', { email: ADMIN, password: PASSWORD });
  await value('settings:update', { pharmacyName: 'Maple', pharmacyAddress: '1 Maple St', pharmacyPhone: '555-0100' });
  await invoke('session:signOut');
  await value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
}, 60_000);
afterAll(async () => {
  await rig?.close();
});

describe('the prepared label of a controlled prescription', () => {
  it('has its beyond-use date a year from its fill, and an opioid’s warnings on a tramadol label', async () => {
    let checked = 0;
    for (const order of (await orders('received,data_entry,picked')).filter(controlled).slice(0, 6)) {
      await review(order);
      for (const rx of await prescriptionsOf(order)) {
        const schedule =
          SCHEDULES[
            String(rx.drug_name ?? '')
              .split(' ')[0]!
              .toLowerCase()
          ];
        const written = isoDay(rx.written_at);
        if (!schedule || !written) continue;
        const document = { kind: 'prescription_label' as const, orderId: order.id, prescriptionId: rx.id };
        const prepared = await value('print:prepare', { document });
        const content = contentOf(prepared, 'prescription_label');
        const dayOf = (words: string) => new Date(`${words} 12:00 UTC`).toISOString().slice(0, 10);
        const filled = dayOf(content.filledOn);
        expect(dayOf(content.discardAfter), `${rx.drug_name} written ${written}`).toBe(yearAfter(filled));
        if (/tramadol/i.test(String(rx.drug_name))) {
          expect(content.warnings).toContain('May cause drowsiness');
          expect(content.warnings).toContain('Do not drink alcohol');
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
