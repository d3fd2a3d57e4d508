// `relay -- enrol <code> --station NAME`: IT vouches for a station's record key. The station shows its key as an
// enrolment code; the pharmacy's key (`pharmacy.nk`, written by `relay -- init`) signs a `station_enrolled` fact,
// which goes into the pharmacy's record as the admin user. Every station believes the facts of a key only once such
// an enrolment, signed by the pharmacy key the machine policy names, is in the record.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { FactOf, SignedFact } from '../../contract/pharmacy-record.ts';
import { factSubject } from '../../contract/pharmacy-record-subjects.ts';
import { keyFingerprint } from '../../kits/signed-facts/enrolment-code.ts';
import { signFact, stationKeyFromSeed } from '../../kits/signed-facts/signed-facts.ts';
import { seedFile } from './init.ts';

export interface Enrolment {
  fact: FactOf<'station_enrolled'>;
  subject: string;
  signed: SignedFact;
}

/** The enrolment of `station` (its name and record key), signed with the pharmacy's seed. */
export function enrolmentOf(
  pharmacySeed: string,
  station: { name: string; key: string; role?: 'station' | 'relay' },
  by: string,
  now: () => number = Date.now,
): Enrolment {
  const pharmacy = stationKeyFromSeed(pharmacySeed.trim());
  const fact: FactOf<'station_enrolled'> = {
    id: randomUUID(),
    at: new Date(now()).toISOString(),
    station: { name: 'the pharmacy', key: pharmacy.publicKey },
    person: { id: null, name: by, role: 'admin' },
    kind: 'station_enrolled',
    enrolled: station,
  };
  return { fact, subject: factSubject(fact), signed: signFact(fact, pharmacy) };
}

/** The pharmacy's seed from the link folder `relay -- init` wrote. */
export function pharmacySeedIn(dir: string): string {
  return readFileSync(seedFile(dir, 'pharmacy', 'pharmacy'), 'utf8').trim();
}

/** Puts the enrolment into the record (its id the message id: enrolling twice by a resend is one message). */
export async function publishEnrolment(nc: NatsConnection, enrolment: Enrolment): Promise<string[]> {
  const ack = await jetstream(nc).publish(enrolment.subject, JSON.stringify(enrolment.signed), {
    msgID: enrolment.fact.id,
  });
  const { name, key } = enrolment.fact.enrolled;
  return [`enrolled ${name} (fingerprint ${keyFingerprint(key)}) at record sequence ${ack.seq}`];
}
