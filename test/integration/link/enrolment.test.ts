// Enrolment on the link `relay -- init` wrote: a station believes a fact in the pharmacy's record only when an
// enrolment signed by the pharmacy's key (from the machine policy) vouches for the key it is signed with. A station
// with the pharmacy's NATS login but a key nobody enrolled writes a hold, a verification and a claim: another
// station neither shows nor obeys them, and raises the alarm. An enrolled station is believed.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { jetstream } from '@nats-io/jetstream';
import { createOperator } from '@nats-io/nkeys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordFact } from '../../../contract/pharmacy-record.ts';
import { enrolmentCode } from '../../../kits/signed-facts/enrolment-code.ts';
import { newStationSeed, type StationKey, stationKeyFromSeed } from '../../../kits/signed-facts/signed-facts.ts';
import { createNatsRecord } from '../../../main/events/record/nats-record.ts';
import type { PharmacyRecord } from '../../../main/events/record/record.ts';
import { RecordView } from '../../../main/events/record/record-view.ts';
import { enrolmentOf } from '../../../relay/link/enrol.ts';
import { pharmacist, reviewDraft, technician, verifiedDraft } from '../record/facts.ts';
import { type Link, startLink } from './link-harness.ts';

let link: Link;
const dirs: string[] = [];
const records: PharmacyRecord[] = [];
const newKey = () => stationKeyFromSeed(newStationSeed());
/** The alarms each station raised: which station, whose key, the first fact of it. */
const strangers: { at: string; key: string; fact: RecordFact }[] = [];

/** A station's record on the link: its NATS login `login`, its record key, the pharmacy's key from its policy. */
function stationRecord(login: string, name: string, key: StationKey): PharmacyRecord {
  const dir = mkdtempSync(join(tmpdir(), 'enrolment-'));
  dirs.push(dir);
  const record = createNatsRecord({
    view: RecordView.inFolder(dir),
    stationName: name,
    key,
    connect: () => link.connectAs(login),
    createIfMissing: false,
    pharmacyKey: link.manifest.pharmacyPublicKey,
    onStranger: (stranger, fact) => strangers.push({ at: name, key: stranger, fact }),
  });
  records.push(record);
  return record;
}

const cli = resolve(import.meta.dirname, '../../../relay/cli.ts');

/** `npm run relay -- enrol …` as IT runs it: its exit code, what it printed and its errors. */
async function runEnrol(...args: string[]) {
  const run = promisify(execFile)(process.execPath, [cli, 'enrol', ...args], { encoding: 'utf8' });
  return run.then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

/** IT enrols a station from the code it shows. */
async function enrol(key: StationKey, name: string): Promise<number> {
  const run = await runEnrol(enrolmentCode(key.publicKey), '--station', name, '--dir', link.dir);
  expect(run.stdout).toContain(`enrolled ${name}`);
  return run.code;
}

const placed = (record: PharmacyRecord) => expect.poll(() => record.status()).toMatchObject({ pending: 0 });

beforeAll(async () => {
  link = await startLink({ stations: ['station-a', 'station-b', 'station-c'] });
});
afterAll(async () => {
  for (const record of records) await record.close();
  await link?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('a station believes only the stations the pharmacy enrolled', () => {
  it('a hold, a verification and a claim by a station nobody enrolled are neither shown nor obeyed, and raise the alarm', async () => {
    const bobKey = newKey();
    const carolKey = newKey();
    expect(await enrol(bobKey, 'Station B')).toBe(0);
    expect(await enrol(carolKey, 'Station C')).toBe(0);
    const malloryKey = newKey();
    const mallory = stationRecord('station-a', 'Station 5', malloryKey);
    const bob = stationRecord('station-b', 'Station B', bobKey);
    const carol = stationRecord('station-c', 'Station C', carolKey);

    await mallory.append(reviewDraft('rx-held', 'needs_clarification'));
    expect(await mallory.verified(verifiedDraft('o-forged', pharmacist))).toMatchObject({ ok: true });
    expect(await mallory.claim('o-claimed', 'N-o-claimed', technician)).toMatchObject({ ok: true });
    await placed(mallory);
    // An enrolled station writes after them: once Bob shows it, he has read past everything Mallory wrote.
    await carol.append(reviewDraft('rx-ok', 'reviewed'));
    await expect.poll(() => bob.latestReview('rx-ok')?.station.key).toBe(carolKey.publicKey);

    expect(bob.latestReview('rx-held')).toBeNull();
    expect(bob.verificationOf('o-forged')).toBeNull();
    expect(bob.claimOf('o-claimed')).toBeNull();
    const bobsAlarms = strangers.filter((s) => s.at === 'Station B');
    expect(bobsAlarms.map((s) => s.key)).toEqual([malloryKey.publicKey]);
    expect(bobsAlarms[0]?.fact.station.name).toBe('Station 5');

    // Bob obeys none of it: he claims the order Mallory claimed and verifies the one she "verified".
    expect(await bob.claim('o-claimed', 'N-o-claimed', technician)).toMatchObject({ ok: true });
    expect(await bob.verified(verifiedDraft('o-forged'))).toMatchObject({ ok: true });
    await placed(bob);
    await expect.poll(() => carol.verificationOf('o-forged')?.station.key).toBe(bobKey.publicKey);
    expect(bob.verificationOf('o-forged')?.station.key).toBe(bobKey.publicKey);
  });

  it("an enrolment signed by any key but the pharmacy's enrols nobody", async () => {
    const eveKey = newKey();
    const eve = stationRecord('station-a', 'Station 6', eveKey);
    // Eve signs her own enrolment with a pharmacy-like key of her own and puts it into the record herself.
    const forged = enrolmentOf(
      new TextDecoder().decode(createOperator().getSeed()),
      { name: 'Station 6', key: eveKey.publicKey },
      'IT',
    );
    const nc = await link.connectAs('station-a');
    await jetstream(nc).publish(forged.subject, JSON.stringify(forged.signed));
    await nc.close();
    await eve.append(reviewDraft('rx-eve', 'exception'));
    await placed(eve);
    const danKey = newKey();
    expect(await enrol(danKey, 'Station D')).toBe(0);
    const dan = stationRecord('station-c', 'Station D', danKey);
    await dan.append(reviewDraft('rx-dan', 'reviewed'));
    const bob = records[1] as PharmacyRecord;
    await expect.poll(() => bob.latestReview('rx-dan')?.station.key).toBe(danKey.publicKey);
    expect(bob.latestReview('rx-eve')).toBeNull();
    expect(strangers.filter((s) => s.at === 'Station B').map((s) => s.key)).toContain(eveKey.publicKey);
  });

  it("an enrolled station writing in another station's name is not believed", async () => {
    const franKey = newKey();
    expect(await enrol(franKey, 'Station F')).toBe(0);
    const asF = stationRecord('station-a', 'Station F', franKey);
    await asF.append(reviewDraft('rx-as-f', 'reviewed'));
    await placed(asF);
    // The same enrolled key, now calling itself Station 5.
    const as5 = stationRecord('station-a', 'Station 5', franKey);
    await as5.append(reviewDraft('rx-as-5', 'needs_clarification'));
    await placed(as5);
    const bob = records[1] as PharmacyRecord;
    const carol = records[2] as PharmacyRecord;
    await carol.append(reviewDraft('rx-after-f', 'reviewed'));
    await expect.poll(() => bob.latestReview('rx-after-f')?.station.key).toBe(carol.station.key);
    expect(bob.latestReview('rx-as-f')?.station.name).toBe('Station F');
    expect(bob.latestReview('rx-as-5')).toBeNull();
    expect(strangers.some((s) => s.at === 'Station B' && s.key === franKey.publicKey)).toBe(true);
  });

  it('a mistyped enrolment code is refused before anything is written', async () => {
    const code = enrolmentCode(newKey().publicKey);
    const typo = `${code.slice(0, 10)}${code[10] === 'A' ? 'B' : 'A'}${code.slice(11)}`;
    const run = await runEnrol(typo, '--station', 'Station E', '--dir', link.dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('mistyped');
  });
});
