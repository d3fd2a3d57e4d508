// The verifications a station made while the pharmacy's record was away are read back from record.db (a real SQLite
// file, reopened as after a restart) by their signatures: kept over a restart, and a row added by hand, or a queued
// verification with its `record_away` struck out, is neither believed nor passed over in silence.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { factSubject } from '../../../contract/pharmacy-record-subjects.ts';
import { newStationSeed, stationKeyFromSeed } from '../../../kits/signed-facts/signed-facts.ts';
import { awayVerificationsIn } from '../../../main/events/record/away-verifications.ts';
import { factMaker } from '../../../main/events/record/record.ts';
import { RecordView } from '../../../main/events/record/record-view.ts';
import { createLogger } from '../../../main/platform/log/logger.ts';
import { verifiedDraft } from './facts.ts';

const dir = mkdtempSync(join(tmpdir(), 'away-verifications-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const key = stationKeyFromSeed(newStationSeed());
const maker = factMaker({ stationName: 'Station 3', key, now: () => Date.parse('2026-12-02T10:42:00Z') });
const away = { since: '2026-12-02T10:40:00.000Z', prescription_ids: ['rx-1', 'rx-2'] };

function logged() {
  const lines: string[] = [];
  return { lines, log: createLogger({ scope: 'record', level: 'debug', write: (line) => lines.push(line) }) };
}

/** A verification queued while away, as the NATS record keeps it: in the queue and in the station's copy. */
function queueVerification(view: RecordView, orderId: string, recordAway: typeof away | null) {
  const fact = maker.make({
    kind: 'order_verified' as const,
    ...verifiedDraft(orderId),
    ...(recordAway ? { record_away: recordAway } : {}),
  });
  view.enqueue(factSubject(fact), fact, maker.sign(fact));
  return fact;
}

describe('the verifications made while the record was away', () => {
  it('are still known after the station restarts, with the prescriptions main read for them', () => {
    const before = RecordView.inFolder(dir);
    const fact = queueVerification(before, 'o-1', away);
    queueVerification(before, 'o-2', null);
    before.close();
    const after = RecordView.inFolder(dir);
    const { lines, log } = logged();
    const known = awayVerificationsIn(after, key.publicKey, log);
    after.close();
    expect(known.map((one) => [one.fact.id, one.prescriptionIds])).toEqual([[fact.id, ['rx-1', 'rx-2']]]);
    expect(lines).toEqual([]);
  });

  it('one added to record.db by hand, signed by no key of this station, is not believed and is said', () => {
    const view = RecordView.inFolder(dir);
    const other = stationKeyFromSeed(newStationSeed());
    const forged = { ...maker.make({ kind: 'order_verified' as const, ...verifiedDraft('o-3'), record_away: away }) };
    const signed = {
      ...maker.sign(forged),
      signature: Buffer.from(other.sign(new Uint8Array(4))).toString('base64url'),
    };
    view.keep(factSubject(forged), forged, signed, null);
    const { lines, log } = logged();
    const known = awayVerificationsIn(view, key.publicKey, log);
    view.close();
    expect(known.map((one) => one.fact.order_id)).toEqual(['o-1']);
    expect(lines.join('\n')).toMatch(/changed in record\.db.*the signature does not hold/);
  });

  it('one whose record_away is struck out of record.db is not passed over in silence', () => {
    const view = RecordView.inFolder(dir);
    const row = view.db.get<{ fact_id: string; signed: string; body: string }>(
      "SELECT fact_id, signed, body FROM facts WHERE body LIKE '%o-1%'",
    );
    if (!row) throw new Error('the verification of o-1 is not in record.db');
    const strike = (text: string) => text.replace(/,\\?"record_away\\?":\{.*?\}/, '');
    view.db.run(
      'UPDATE facts SET body = ?, signed = ? WHERE fact_id = ?',
      strike(row.body),
      strike(row.signed),
      row.fact_id,
    );
    expect(
      view.db.get<{ n: number }>(
        "SELECT COUNT(*) AS n FROM facts WHERE signed LIKE '%record_away%' AND body LIKE '%o-1%'",
      )?.n,
    ).toBe(0);
    const { lines, log } = logged();
    const known = awayVerificationsIn(view, key.publicKey, log);
    view.close();
    expect(known).toEqual([]);
    expect(lines.filter((line) => /changed in record\.db/.test(line)).length).toBeGreaterThanOrEqual(1);
  });
});
