// The stations the pharmacy enrolled, read from the record (`record.enrolment.<key>`, each fact believed for the
// pharmacy's key alone: `--pharmacy-key`, the public half IT put in the machine policy) by a reader that keeps no copy
// of the record: the relay's order watch follows a claim, and `audit -- verify --stream` counts a checkpoint, only for
// the signature of a key enrolled under the station name it gives. Read by message (the relay's permissions allow that
// read of the record and nothing else), from where the last read ended.
import { jetstreamManager, type MsgRequest } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { RECORD_STREAM } from '../../contract/pharmacy-link.ts';
import { RECORD_SUBJECT_ROOT } from '../../contract/pharmacy-record.ts';
import { parseBoundedJson } from '../json/bounded-json.ts';
import { readSignedFact } from './signed-facts.ts';
import { messageSignatureHolds, type StationTrust } from './signed-messages.ts';

const ENROLMENTS = `${RECORD_SUBJECT_ROOT}.enrolment.>`;

export interface Enrolments {
  /** Reads the enrolments written since the last read (all of them the first time). */
  refresh(nc: NatsConnection): Promise<void>;
  /** A message is believed for a signature by a key enrolled under its station's name ('not yet': refresh, ask again). */
  trust: StationTrust;
}

export function createEnrolments(pharmacyKey: string): Enrolments {
  /** Each enrolled station key, with the names it was enrolled under. */
  const names = new Map<string, Set<string>>();
  let next = 1;
  const byPharmacy = (signer: string, fact: { kind: string }) =>
    fact.kind === 'station_enrolled' && signer === pharmacyKey;
  return {
    async refresh(nc) {
      const jsm = await jetstreamManager(nc);
      for (;;) {
        const request = { seq: next, next_by_subj: ENROLMENTS } as unknown as MsgRequest;
        const stored = await jsm.streams.getMessage(RECORD_STREAM, request);
        if (!stored) return;
        next = stored.seq + 1;
        const json = parseBoundedJson(stored.string());
        const read = readSignedFact(json.ok ? json.value : null, stored.subject, byPharmacy);
        if (!read.ok || read.fact.kind !== 'station_enrolled' || read.fact.enrolled.role === 'relay') continue;
        const { key, name } = read.fact.enrolled;
        names.set(key, (names.get(key) ?? new Set()).add(name));
      }
    },
    trust(body, signer, signature, name) {
      if (signer === null || signature === null || !messageSignatureHolds(body, signer, signature)) return 'refused';
      return names.get(signer)?.has(name) ? 'believed' : 'not yet';
    },
  };
}
