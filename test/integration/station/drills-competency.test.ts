// A trainee's competency record: the trainer (admin) reads it from main (every drill the trainee was set, dates,
// results, the trainer), prints it through the document pipeline and exports it as CSV, spreadsheet-safe. A trainee
// cannot read anyone's record through any channel, tried as a hostile page would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drillDriver, PHARMACIST } from './drill-driver.ts';
import { ADMIN, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { verifyDriver } from './verify-driver.ts';

let rig: StationRig;
const driver = verifyDriver(() => rig);
const { value, refusal } = driver;
const d = drillDriver(driver);
const record = (trainee: string) => ({ kind: 'competency_record', trainee }) as const;

beforeAll(async () => {
  rig = await startStationRig();
}, 60_000);
afterAll(async () => {
  await rig?.close();
});

describe("the trainer's competency record", () => {
  it('lists every drill the trainee was set, newest first, with dates, results and the trainer', async () => {
    const short = await d.startAs(ADMIN, 'short-count', TECHNICIAN);
    await value('verify:start', { orderId: short.orderId });
    await d.scanItem(short, short.bin[0]!, 90);
    await d.done(short);
    await d.startAs(ADMIN, 'look-alike-hydroxyzine', TECHNICIAN);
    await d.signInAs(ADMIN);
    const { record: kept, csv } = await value('drills:competency', { trainee: TECHNICIAN.toUpperCase() });
    // People by name (the service's, kept with what the trainee recorded), not by their demo e-mail address.
    expect(kept).toMatchObject({ kind: 'competency_record', trainee: 'Taylor Technician', trainer: 'Alex Admin' });
    expect(kept.summary).toBe('1 of 2 drills scored; 0 passed with every check.');
    expect(kept.drills.map((row) => [row.drill, row.role, row.setUpBy, row.outcome, row.result])).toEqual([
      ['Look-alike in the bin: hydroxyzine or hydralazine?', 'Technician', 'Alex Admin', 'Not scored yet', '—'],
      ['Short count', 'Technician', 'Alex Admin', 'Missed 2 checks', '0 of 2 checks passed'],
    ]);
    expect(kept.drills[1]?.finished).not.toBe('—');
    const lines = csv.content.split('\r\n');
    expect(lines[0]).toBe(
      'Trainee,Drill,For,Set up by,Started,Finished,Result,Outcome,Time taken,Record prepared by,Prepared',
    );
    expect(lines).toHaveLength(4);
    expect(lines[2]).toMatch(/^Taylor Technician,Short count,Technician,Alex Admin,"[^"]+","[^"]+",0 of 2/);
    expect(csv.content).not.toContain('@training.local');
    expect(csv.filename).toMatch(/^competency-taylor-technician-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('prints through the document pipeline, its copies kept with the drills, never in the audit log', async () => {
    await d.signInAs(ADMIN);
    const prepared = await value('print:prepare', { document: record(TECHNICIAN) });
    expect(prepared).toMatchObject({
      allowed: true,
      content: { kind: 'competency_record', trainee: 'Taylor Technician' },
    });
    expect(await value('print:document', { ticket: prepared.ticket!, output: 'pdf' })).toMatchObject({ copy: 1 });
    const history = await value('print:history', { document: record(TECHNICIAN) });
    expect(history).toEqual([expect.objectContaining({ kind: 'competency_record', copy: 1, orderId: null })]);
  });

  it('defuses a cell a spreadsheet would run as a formula (a trainee named -2+3@…)', async () => {
    const hostile = '-2+3@training.local';
    await d.signInAs(ADMIN);
    await value('drills:start', { drillId: 'short-count', trainee: hostile });
    const { csv } = await value('drills:competency', { trainee: hostile });
    const row = csv.content.split('\r\n')[1] as string;
    expect(row.startsWith(`'${hostile},`)).toBe(true);
    for (const cell of row.split(',')) expect(cell).not.toMatch(/^"?[=+\-@]/);
  });
});

describe("a trainee and someone else's competency record, tried as a hostile page would", () => {
  it('is refused to a technician, for another trainee and for themselves, on every channel', async () => {
    await d.startAs(ADMIN, 'allergy-conflict', PHARMACIST);
    await d.signInAs(TECHNICIAN);
    for (const trainee of [PHARMACIST, TECHNICIAN, 'PHARMACIST@training.local']) {
      const read = await refusal('drills:competency', { trainee });
      expect(read.code).toBe('forbidden');
      for (const channel of ['print:check', 'print:prepare', 'print:history']) {
        expect((await refusal(channel, { document: record(trainee) })).code).toBe('forbidden');
      }
    }
    for (const input of [{ trainee: PHARMACIST, asTrainer: true }, { trainee: 'not an email' }, {}]) {
      expect((await refusal('drills:competency', input)).code).toBe('invalid_input');
    }
  });
});
