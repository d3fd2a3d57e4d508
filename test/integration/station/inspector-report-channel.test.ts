// The inspector's report through a real station: a controlled order verified with a pharmacist's count lands in the
// controlled-substance log with the patient, drug and schedule main read from the training service and the
// witness main confirmed; a pharmacist and an admin read the same CSV, a technician is refused, a bad range is told.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../unit/renderer/report/csv-reader.ts';
import { ADMIN, PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { verifyDriver } from './verify-driver.ts';

const PHARMACIST = 'pharmacist@training.local';
let rig: StationRig;
const { invoke, value, refusal, controlled, orders, scanAll, review } = verifyDriver(() => rig);

const signInAs = async (email: string) => {
  await value('session:signOut');
  await value('session:signIn', { email, password: PASSWORD });
};
/** From yesterday to tomorrow (UTC days): today in any time zone, whatever the date the test runs on. */
const DAY = 86_400_000;
const around = (log: 'controlled' | 'daily') => ({
  log,
  from: new Date(Date.now() - DAY).toISOString().slice(0, 10),
  to: new Date(Date.now() + DAY).toISOString().slice(0, 10),
});

beforeAll(async () => {
  rig = await startStationRig();
  await value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
});
afterAll(async () => {
  await rig.close();
});

describe("the inspector's report at a station", () => {
  it('lists a controlled order verified here with its patient, drug, schedule and witness, for pharmacists and admins only', async () => {
    const order = (await orders('received,data_entry')).find((o) => controlled(o))!;
    expect(order, 'the demo data has an open order with a controlled line').toBeTruthy();
    await review(order);
    await value('verify:start', { orderId: order.id });
    const last = await scanAll(order);
    const waiting = last.run.lines.filter((l) => l.controlled);
    const confirmation = await value('session:confirmPharmacist', {
      who: PHARMACIST,
      password: PASSWORD,
      purpose: { kind: 'controlled_count', orderId: order.id },
    });
    const counts = waiting.map((l) => ({ productId: l.productId, counted: l.expected }));
    const ended = await value('verify:finish', {
      orderId: order.id,
      taskRef: null,
      controlledCount: { confirmationId: confirmation.confirmationId, counts },
    });
    expect(ended.run.recorded?.outcome).toBe('verified');

    expect(await refusal('report:inspector', around('controlled'))).toMatchObject({ code: 'forbidden' });
    await signInAs(PHARMACIST);
    const report = await value('report:inspector', around('controlled'));
    const table = parseCsv(report.csv);
    expect(table).toEqual(report.table);
    const rows = table.slice(1).map((row) => Object.fromEntries((table[0] ?? []).map((t, i) => [t, row[i]])));
    const line = waiting[0]!;
    const patient = `${order.patient!.first_name} ${order.patient!.last_name}`;
    expect(rows).toEqual([
      expect.objectContaining({
        Order: order.order_number,
        Patient: patient,
        Drug: line.name,
        Schedule: line.schedule ?? '',
        Quantity: String(line.expected),
        'Verified by': 'Taylor Technician',
        'Count witness': 'Parker Pharmacist',
        'Pharmacist of record': 'Parker Pharmacist',
        Station: expect.any(String),
      }),
    ]);
    expect(rows[0]?.Prescription).not.toBe('');
    // The daily prescription log holds the order's prescription lines.
    const daily = await value('report:inspector', around('daily'));
    expect(daily.table.slice(1).map((row) => row[2])).toContain(order.order_number);

    await signInAs(ADMIN);
    expect((await value('report:inspector', around('controlled'))).csv).toBe(report.csv);
    const backwards = { log: 'daily', from: '2026-05-31', to: '2026-05-01' };
    expect(await refusal('report:inspector', backwards)).toMatchObject({ code: 'invalid_input' });
    expect((await invoke('report:inspector', { log: 'everything', from: 'x', to: 'y' })).ok).toBe(false);
  });
});
