// A drill's practice bin sheet through the station's print pipeline: main builds it from the attempt it recorded (one
// code per item the trainee is handed, the wrong one included), for its trainee or a trainer only; its copies are the
// drill's records, never the audit log's; and the codes it prints drive the drill at the verification bench.

import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentOf } from '../support/station-calls.ts';
import { drillDriver, PHARMACIST } from './drill-driver.ts';
import { ADMIN, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { verifyDriver } from './verify-driver.ts';

let rig: StationRig;
const driver = verifyDriver(() => rig);
const { value, refusal } = driver;
const d = drillDriver(driver);
const binSheet = (attemptId: string) => ({ kind: 'practice_bin', attemptId }) as const;

beforeAll(async () => {
  rig = await startStationRig();
}, 60_000);
afterAll(async () => {
  await rig?.close();
});

describe('the practice bin sheet', () => {
  it('names each item handed, its count and its code (the look-alike included), and gives nothing away', async () => {
    const attempt = await d.startAs(ADMIN, 'look-alike-hydroxyzine', TECHNICIAN);
    const prepared = await value('print:prepare', { document: binSheet(attempt.id) });
    expect(prepared).toMatchObject({ allowed: true, copies: 0 });
    expect(prepared.content).toMatchObject({
      kind: 'practice_bin',
      // The neutral title: "Look-alike in the bin" would tell the trainee what to look for.
      drill: 'Technician practice drill',
      trainee: TECHNICIAN,
      orderNumber: attempt.orderNumber,
      items: [{ name: 'Hydralazine HCl 25 mg tablet', count: '30 units', code: attempt.bin[0]!.code }],
    });
    // Neither the trainer's notes nor what is checked: the sheet is handed to the trainee.
    expect(JSON.stringify(prepared.content)).not.toMatch(/misread|discrepancy|stop|look-alike/i);

    // Its code, scanned at the bench, is the drill's item: the look-alike stops the run.
    await value('verify:start', { orderId: attempt.orderId });
    const scanned = await driver.scan(attempt.orderId, contentOf(prepared, 'practice_bin').items[0]?.code ?? '', {
      quantity: 30,
      entry: 'typed',
    });
    expect(scanned.run.pending).toMatchObject({ kind: 'not_on_order' });
  });

  it("each copy is kept with the drill's records, a second one only with a reason, never in the audit log", async () => {
    const attempt = await d.startAs(ADMIN, 'short-count', TECHNICIAN);
    const first = await value('print:prepare', { document: binSheet(attempt.id) });
    const printed = await value('print:document', { ticket: first.ticket!, output: 'pdf' });
    expect(printed).toMatchObject({ copy: 1, content: first.content });
    const again = await value('print:prepare', { document: binSheet(attempt.id) });
    expect(again.copies).toBe(1);
    expect(await refusal('print:document', { ticket: again.ticket, output: 'pdf' })).toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/practice bin sheet was printed here before/),
    });
    const reprint = { reason: 'damaged' as const, note: 'Coffee on the sheet' };
    const third = await value('print:prepare', { document: binSheet(attempt.id) });
    expect(await value('print:document', { ticket: third.ticket!, output: 'pdf', reprint })).toMatchObject({ copy: 2 });
    const history = await value('print:history', { document: binSheet(attempt.id) });
    expect(history.map((r) => [r.kind, r.copy, r.reprintReason, r.user.email])).toEqual([
      ['practice_bin', 2, 'damaged', TECHNICIAN],
      ['practice_bin', 1, null, TECHNICIAN],
    ]);
    const audit = new DatabaseSync(join(rig.dataDir, 'audit.db'), { readOnly: true });
    try {
      const kept = audit.prepare('SELECT COUNT(*) AS n FROM print_records WHERE order_id = ?').get(attempt.orderId);
      expect(kept).toEqual({ n: 0 });
    } finally {
      audit.close();
    }
  });
});

describe("another trainee's bin sheet, tried as a hostile page would", () => {
  it('is unknown to a technician: no content, no copies, no print, whatever id is forged', async () => {
    const theirs = await d.startAs(ADMIN, 'allergy-conflict', PHARMACIST);
    await d.signInAs(TECHNICIAN);
    for (const attemptId of [theirs.id, '00000000-0000-4000-8000-000000000000', '../drill-results.db']) {
      for (const channel of ['print:check', 'print:prepare', 'print:history']) {
        const refused = await refusal(channel, { document: binSheet(attemptId) });
        expect(['not_found', 'invalid_input']).toContain(refused.code);
        expect(refused.message).not.toMatch(/allergy|Pharmacist/i);
      }
    }
    // The trainer sees it; the trainee it was set up for prints it.
    await d.signInAs(ADMIN);
    expect(await value('print:check', { document: binSheet(theirs.id) })).toMatchObject({ allowed: true });
    await d.signInAs(PHARMACIST);
    const mine = await value('print:prepare', { document: binSheet(theirs.id) });
    expect(contentOf(mine, 'practice_bin').trainee).toBe(PHARMACIST);
  });
});
