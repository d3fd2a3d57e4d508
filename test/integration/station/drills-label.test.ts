// The damaged-label drill through the station's print channels: verified, printed, and reprinted with its reason
// (right), or reprinted for another reason (wrong). Main's print records are what it is scored from.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrillAttempt } from '../../../contract/ipc/drills.ts';
import type { DocumentPrinter } from '../../../main/work/print/printer-port.ts';
import type { ChannelInputOf } from '../support/station-calls.ts';
import { drillDriver } from './drill-driver.ts';
import { ADMIN, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { verifyDriver } from './verify-driver.ts';

let rig: StationRig;
const printer: DocumentPrinter = {
  print: async () => ({ printed: true, problem: null }),
  savePdf: async (job) => ({ savedTo: `/tmp/${job.suggestedName}` }),
};
const driver = verifyDriver(() => rig);
const { value } = driver;
const d = drillDriver(driver);

beforeAll(async () => {
  // Tech-check-tech allowed: the drill's trainee is a technician whose verification is the final check.
  rig = await startStationRig({ printer }, { techCheckTech: 'allowed' });
  await d.signInAs(ADMIN);
  await value('settings:update', {
    pharmacyName: 'Maple Street Training Pharmacy',
    pharmacyAddress: '120 Maple Street, Springfield, IL 62701',
    pharmacyPhone: '(217) 555-0142',
  });
}, 60_000);
afterAll(async () => {
  await rig?.close();
});

const label = (attempt: DrillAttempt) => ({
  kind: 'prescription_label' as const,
  orderId: attempt.orderId,
  prescriptionId: attempt.prescriptionId!,
});
async function print(attempt: DrillAttempt, reprint?: ChannelInputOf<'print:document'>['reprint']) {
  const { ticket } = await value('print:prepare', { document: label(attempt) });
  return value('print:document', { ticket: ticket!, output: 'print', ...(reprint ? { reprint } : {}) });
}

describe('the damaged-label drill', () => {
  it('right: verified, printed, reprinted as damaged — every check passes', async () => {
    const attempt = await d.startAs(ADMIN, 'damaged-label-reprint', TECHNICIAN);
    await value('verify:start', { orderId: attempt.orderId });
    const verified = await d.scanItem(attempt, attempt.bin[0]!);
    expect(verified.run.recorded).toMatchObject({ outcome: 'verified' });
    await print(attempt);
    await print(attempt, { reason: 'damaged', note: 'Smudged across the directions' });
    const scored = await d.done(attempt);
    expect(d.verdicts(scored)).toEqual({ verification: true, labels_after_verification: true, reprint_reason: true });
  });

  it('wrong: the smudged label reprinted as "lost" — the reprint check is missed', async () => {
    const attempt = await d.startAs(ADMIN, 'damaged-label-reprint', TECHNICIAN);
    await value('verify:start', { orderId: attempt.orderId });
    await d.scanItem(attempt, attempt.bin[0]!);
    await print(attempt);
    await print(attempt, { reason: 'lost', note: 'could not find it' });
    const scored = await d.done(attempt);
    expect(d.verdicts(scored)).toEqual({ verification: true, labels_after_verification: true, reprint_reason: false });
    expect(d.reasons(scored)).toMatch(/reprinted, but not for the reason "damaged"/);
  });

  it('wrong: never verified, so no label may print and there is no reprint to show — two checks missed', async () => {
    const attempt = await d.startAs(ADMIN, 'damaged-label-reprint', TECHNICIAN);
    expect(await value('print:check', { document: label(attempt) })).toMatchObject({ allowed: false });
    const scored = await d.done(attempt);
    expect(d.verdicts(scored)).toEqual({ verification: false, labels_after_verification: true, reprint_reason: false });
  });

  it('played right by someone else (a pharmacist at the station), it scores nothing for the trainee', async () => {
    const attempt = await d.startAs(ADMIN, 'damaged-label-reprint', TECHNICIAN);
    await d.signInAs('pharmacist@training.local');
    await value('verify:start', { orderId: attempt.orderId });
    expect((await d.scanItem(attempt, attempt.bin[0]!)).run.recorded).toMatchObject({ outcome: 'verified' });
    await print(attempt);
    await print(attempt, { reason: 'damaged', note: 'Smudged across the directions' });
    await d.signInAs(TECHNICIAN);
    const scored = await d.done(attempt);
    expect(d.verdicts(scored)).toEqual({ verification: false, labels_after_verification: true, reprint_reason: false });
  });
});
