// A station believes a record's fact for its signature: a fact edited, signed by another station than it names,
// moved to another prescription's subject or signed by an untrusted key is refused, whatever its body says.
import { describe, expect, it } from 'vitest';
import type { RecordFact } from '../../../../contract/pharmacy-record.ts';
import { factSubject, reviewSubject } from '../../../../contract/pharmacy-record-subjects.ts';
import {
  newStationSeed,
  readSignedFact,
  signFact,
  stationKeyFromSeed,
} from '../../../../kits/signed-facts/signed-facts.ts';
import { loadStationKey, STATION_KEY_ACCOUNT } from '../../../../main/events/record/station-key.ts';
import { createMemorySecretStore } from '../../../../main/platform/keychain/secret-store.ts';

const key = stationKeyFromSeed(newStationSeed());
const other = stationKeyFromSeed(newStationSeed());

function review(signer = key, prescriptionId = 'rx-1'): RecordFact {
  return {
    kind: 'prescription_reviewed',
    id: 'fact-1',
    at: '2026-01-05T10:00:00.000Z',
    station: { name: 'Station 5', key: signer.publicKey },
    person: { id: 'u-1', name: 'Parker Pharmacist', role: 'pharmacist' },
    prescription_id: prescriptionId,
    decision: 'needs_clarification',
    findings: [],
    note: 'dose unclear',
    task_ref: null,
    digest: 'a'.repeat(64),
  };
}

describe('signed facts of the pharmacy record', () => {
  it('a fact signed by the station it names is believed on its own subject', () => {
    const fact = review();
    const read = readSignedFact(signFact(fact, key), factSubject(fact));
    expect(read).toEqual({ ok: true, fact });
  });

  it('a hold edited into an OK after signing is not believed', () => {
    const signed = signFact(review(), key);
    const edited = { ...signed, body: signed.body.replace('needs_clarification', 'reviewed') };
    expect(readSignedFact(edited, reviewSubject('rx-1'))).toEqual({ ok: false, reason: 'the signature does not hold' });
  });

  it('a fact naming station 5 but signed by another key is not believed', () => {
    const fact = review();
    const signed = signFact(fact, key);
    const forged = {
      ...signed,
      signer: other.publicKey,
      signature: Buffer.from(other.sign(new TextEncoder().encode(signed.body))).toString('base64url'),
    };
    expect(readSignedFact(forged, factSubject(fact))).toMatchObject({
      ok: false,
      reason: 'signed by another station than it names',
    });
  });

  it('a station never signs a fact that names another station', () => {
    expect(() => signFact(review(other), key)).toThrow('a fact is signed only by the station it names');
  });

  it('a review replayed onto another prescription is not believed', () => {
    const signed = signFact(review(), key);
    expect(readSignedFact(signed, reviewSubject('rx-2'))).toMatchObject({
      ok: false,
      reason: 'kept on a subject it does not belong on',
    });
  });

  it('a key the verifier does not trust is not believed, however good its signature', () => {
    const fact = review();
    const read = readSignedFact(signFact(fact, key), factSubject(fact), (k) => k === other.publicKey);
    expect(read).toMatchObject({ ok: false, reason: 'signed by a key this station does not trust' });
  });

  it('anything that is not a signed fact is refused with a reason, never a throw', () => {
    for (const raw of [
      null,
      'text',
      { body: '{}', signer: 'x', signature: 'y' },
      { ...signFact(review(), key), extra: 1 },
    ]) {
      expect(readSignedFact(raw, reviewSubject('rx-1'))).toMatchObject({ ok: false, reason: 'not a signed fact' });
    }
  });

  it('the station key is made once, its seed kept in the keychain, and the same key comes back', async () => {
    const secrets = createMemorySecretStore();
    const first = await loadStationKey(secrets, { warn: () => {} });
    expect(await secrets.get(STATION_KEY_ACCOUNT)).toMatch(/^SU[A-Z2-7]{56}$/);
    expect((await loadStationKey(secrets, { warn: () => {} })).key.publicKey).toBe(first.key.publicKey);
  });
});
