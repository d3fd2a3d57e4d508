// The inspector's report is the same at any two stations of a pharmacy: a month of facts written by two stations on
// one real nats-server (verifications, controlled counts and their witnesses, reviews, labels), read back by each
// station's own copy of the record and by a third, gives the same CSV byte for byte, with every controlled line of
// the month and nothing from the month after; with nats-server gone, a station answers the same from its own copy.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newStationSeed, stationKeyFromSeed } from '../../../kits/signed-facts/signed-facts.ts';
import { createNatsRecord } from '../../../main/events/record/nats-record.ts';
import type { PharmacyRecord } from '../../../main/events/record/record.ts';
import { RecordView } from '../../../main/events/record/record-view.ts';
import { inspectorReportOf } from '../../../main/work/reports/inspector-report.ts';
import { parseCsv } from '../../unit/renderer/report/csv-reader.ts';
import { type NatsServer, startNatsServer } from '../relay/nats-server.ts';
import { pharmacist, reviewDraft, technician } from './facts.ts';

let nats: NatsServer;
const dirs: string[] = [];
const records: PharmacyRecord[] = [];
/** The stations' clock: each fact is written at the moment of the seeded month it belongs to. */
const clock = { ms: Date.parse('2026-05-01T00:00:00Z') };

function station(name: string): PharmacyRecord {
  const dir = mkdtempSync(join(tmpdir(), 'inspector-record-'));
  dirs.push(dir);
  const record = createNatsRecord({
    view: RecordView.inFolder(dir),
    stationName: name,
    key: stationKeyFromSeed(newStationSeed()),
    connect: () => connect({ servers: nats.url, maxReconnectAttempts: -1, waitOnFirstConnect: true }),
    now: () => clock.ms,
  });
  records.push(record);
  return record;
}

beforeAll(async () => {
  nats = await startNatsServer();
});
afterAll(async () => {
  for (const record of records) await record.close().catch(() => undefined);
  await nats.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const PATIENTS = ['Ada Byron', '=HYPERLINK("http://x","y")', 'O\'Brien, "Pat"\r\nline two', '+1 Smith', '@Jones'];
/** One order a day from May 1st to June 2nd (each fact is a JetStream publish: a month, not a pharmacy's volume). */
const ORDERS = 33;
const controlled = (n: number) => n % 3 === 0;
/** Order n on day n at 09:00 in Chicago, or every third at 20:00 the day before (01:00 UTC on day n): June's last. */
const verifiedAt = (n: number) =>
  Date.parse('2026-05-01T14:00:00Z') + n * 86_400_000 - (n % 3 === 2 ? 13 * 3_600_000 : 0) + (n % 7) * 60_000;

/** Order n's facts, written at `writer`: the OK to fill, the verification with what it dispensed, the count, labels. */
async function seed(n: number, writer: PharmacyRecord) {
  const rx = `rx-${n}`;
  clock.ms = verifiedAt(n) - 3_600_000;
  await writer.append(reviewDraft(rx, 'reviewed'));
  clock.ms = verifiedAt(n);
  const product = `p-${n % 4}`;
  const verified = await writer.verified({
    order_id: `o-${n}`,
    order_number: `N-${1000 + n}`,
    person: technician,
    lines: [{ product_id: product, counted: 30 + n, lots: [`LOT-${n}`] }],
    final_check: controlled(n) ? { by: pharmacist.name, grounds: 'checked at the bench' } : null,
    dispensed: {
      patient: { id: `pt-${n % 5}`, name: PATIENTS[n % 5] ?? null, date_of_birth: '1960-02-29' },
      lines: [
        {
          product_id: product,
          kind: 'prescription',
          drug: controlled(n) ? 'Oxycodone 5 mg tablet' : 'Lisinopril 10 mg tablet',
          code: '00406-0552-01',
          controlled: controlled(n),
          schedule: controlled(n) ? 'II' : null,
          quantity: 30 + n,
          prescription_id: rx,
        },
      ],
    },
  });
  expect(verified.ok).toBe(true);
  if (controlled(n)) {
    const count = { order_id: `o-${n}`, order_number: `N-${1000 + n}`, product_id: product, count: 30 + n };
    await writer.append({ kind: 'controlled_count', person: technician, ...count, witness: pharmacist.name });
  }
  for (let copy = 1; copy <= 1 + (n % 2); copy++) {
    clock.ms = verifiedAt(n) + copy * 60_000;
    const label = { order_id: `o-${n}`, order_number: null, prescription_id: rx, content_hash: 'c'.repeat(64) };
    await writer.append({ kind: 'label_printed', person: technician, ...label, copy });
  }
}

describe("the inspector's report at two stations of one pharmacy", () => {
  // A ceiling for a loaded machine (each of the month's ~110 facts is a JetStream publish), not a timed assertion.
  it('is the same CSV, byte for byte, at station 3, station 5 and a third reader over a seeded month', {
    timeout: 180_000,
  }, async () => {
    const three = station('Station 3');
    const five = station('Station 5');
    await expect.poll(() => three.status().state).toBe('reachable');
    await expect.poll(() => five.status().state).toBe('reachable');
    for (let n = 0; n < ORDERS; n++) await seed(n, n % 2 === 0 ? three : five);
    const reader = station('Reader');
    const all = (record: PharmacyRecord) =>
      record.factsOf('order_verified').length +
      record.factsOf('label_printed').length +
      record.factsOf('controlled_count').length +
      record.factsOf('prescription_reviewed').length;
    const seq = Array.from({ length: ORDERS }, (_, n) => n);
    const expected = ORDERS * 2 + seq.reduce((sum, n) => sum + 1 + (n % 2) + (controlled(n) ? 1 : 0), 0);
    for (const record of [three, five, reader])
      await expect.poll(() => all(record), { timeout: 20_000 }).toBe(expected);

    const may = { from: '2026-05-01', to: '2026-05-31' };
    for (const log of ['controlled', 'daily'] as const) {
      const [at3, at5, atReader] = [three, five, reader].map((r) =>
        inspectorReportOf(r, { log, ...may }, 'America/Chicago'),
      );
      expect(at5?.csv).toBe(at3?.csv);
      expect(atReader?.csv).toBe(at3?.csv);
      expect(Buffer.from(at5?.csv ?? '').equals(Buffer.from(at3?.csv ?? ''))).toBe(true);
    }

    const report = inspectorReportOf(reader, { log: 'controlled', ...may }, 'America/Chicago');
    const table = parseCsv(report.csv);
    expect(table).toEqual(report.table);
    // The month's controlled orders, in Chicago days: verified from May 1st 09:00 to May 31st, none of June's.
    const inMay = seq.filter((n) => {
      const chicago = new Date(verifiedAt(n) - 5 * 3_600_000).toISOString().slice(0, 10);
      return controlled(n) && chicago <= '2026-05-31';
    });
    expect(table.slice(1).map((row) => row[2])).toEqual(inMay.map((n) => `N-${1000 + n}`));
    const header = table[0] ?? [];
    const first = Object.fromEntries(header.map((title, i) => [title, table[1]?.[i]]));
    expect(first).toMatchObject({
      Date: '2026-05-01',
      Time: '09:00',
      Patient: 'Ada Byron',
      Drug: 'Oxycodone 5 mg tablet',
      Schedule: 'II',
      Lot: 'LOT-0',
      'Pharmacist of record': pharmacist.name,
      'Verified by': technician.name,
      'Final check by': pharmacist.name,
      'Count witness': pharmacist.name,
      'Label copies': '1',
      Station: 'Station 3',
    });
    // A patient's name that a spreadsheet would run is kept as text.
    for (const row of table.slice(1)) expect(row[4]).not.toMatch(/^[=+\-@]/);

    // With nats-server gone, station 3 answers from its own copy, the same bytes, and says the record is unreachable.
    const before = inspectorReportOf(three, { log: 'controlled', ...may }, 'America/Chicago');
    await nats.kill();
    await expect.poll(() => three.status().state, { timeout: 30_000 }).toBe('unreachable');
    const away = inspectorReportOf(three, { log: 'controlled', ...may }, 'America/Chicago');
    expect(away.record).toEqual({ state: 'unreachable', since: expect.any(String) });
    expect(away.csv).toBe(before.csv);
  });
});
