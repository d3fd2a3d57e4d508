// The label main prepares for a controlled prescription never says to keep it past the prescription's validity: a C-IV
// or C-V prescription is valid 6 months from the day written (21 CFR 1306.22), whatever expiry the service holds.
// Every controlled prescription of the open demo orders, prepared by main as the print dialog asks for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validUntil } from '../../../rules/clinical/controlled.ts';
import { isoDay } from '../../../rules/words/dates.ts';
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
  it('has its discard date on or before the prescription’s validity', async () => {
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
        const discard = new Date(`${contentOf(prepared, 'prescription_label').discardAfter} 12:00 UTC`)
          .toISOString()
          .slice(0, 10);
        const validity = validUntil(schedule, written);
        if (validity) expect(discard <= validity, `${rx.drug_name} written ${written}`).toBe(true);
        if (isoDay(rx.expires_at)) expect(discard <= (isoDay(rx.expires_at) as string)).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
