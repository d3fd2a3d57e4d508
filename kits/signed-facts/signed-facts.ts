// A fact signed by a station's ed25519 key (nkeys), and read back believing only the signature: the signer must be
// the station the body names, the key one the verifier trusts, and the subject the one the fact belongs on (so a
// signed review of one prescription cannot be replayed onto another). The relay will sign its events the same way.
import { createUser, fromPublic, fromSeed, type KeyPair } from '@nats-io/nkeys';
import { type RecordFact, recordFact, type SignedFact, signedFact } from '../../contract/pharmacy-record.ts';
import { factSubject } from '../../contract/pharmacy-record-subjects.ts';

const encoder = new TextEncoder();

/** A station's signing key: its public half names it in every fact; the seed never leaves the keychain. */
export interface StationKey {
  readonly publicKey: string;
  sign(bytes: Uint8Array): Uint8Array;
}

export function stationKeyFromSeed(seed: string): StationKey {
  const pair: KeyPair = fromSeed(encoder.encode(seed));
  return { publicKey: pair.getPublicKey(), sign: (bytes) => pair.sign(bytes) };
}

/** A new key pair: the seed to keep (in the keychain) and the key made from it. */
export function newStationSeed(): string {
  return new TextDecoder().decode(createUser().getSeed());
}

/** Signs the fact's exact JSON with the station's key. The fact must name this key as its station's. */
export function signFact(fact: RecordFact, key: StationKey): SignedFact {
  const parsed = recordFact.parse(fact);
  if (parsed.station.key !== key.publicKey) throw new Error('a fact is signed only by the station it names');
  const body = JSON.stringify(parsed);
  return { body, signer: key.publicKey, signature: Buffer.from(key.sign(encoder.encode(body))).toString('base64url') };
}

/**
 * Whether this station believes `fact` signed by `publicKey` (asked only once the signature holds and the fact is
 * well formed): the station's enrolment trust (main/events/record/enrolment-trust.ts) is the one answer.
 */
export type TrustedKeys = (publicKey: string, fact: RecordFact) => boolean;
export const anyStationKey: TrustedKeys = () => true;

export type ReadFact = { ok: true; fact: RecordFact } | { ok: false; reason: string };

function signatureHolds(signed: SignedFact): boolean {
  try {
    return fromPublic(signed.signer).verify(encoder.encode(signed.body), Buffer.from(signed.signature, 'base64url'));
  } catch {
    return false;
  }
}

/**
 * The fact in `raw` (the stored or delivered JSON of a signed fact), believed only when its signature holds under a
 * trusted signer, the body names that signer as its station, and it belongs on `subject`. Anything else is a reason.
 */
export function readSignedFact(raw: unknown, subject: string, trusts: TrustedKeys = anyStationKey): ReadFact {
  const envelope = signedFact.safeParse(raw);
  if (!envelope.success) return { ok: false, reason: 'not a signed fact' };
  const signed = envelope.data;
  if (!signatureHolds(signed)) return { ok: false, reason: 'the signature does not hold' };
  let json: unknown;
  try {
    json = JSON.parse(signed.body);
  } catch {
    return { ok: false, reason: 'the signed body is not JSON' };
  }
  const fact = recordFact.safeParse(json);
  if (!fact.success) return { ok: false, reason: 'the signed body is not a fact' };
  if (fact.data.station.key !== signed.signer) return { ok: false, reason: 'signed by another station than it names' };
  if (factSubject(fact.data) !== subject) return { ok: false, reason: 'kept on a subject it does not belong on' };
  if (!trusts(signed.signer, fact.data)) return { ok: false, reason: 'signed by a key this station does not trust' };
  return { ok: true, fact: fact.data };
}
