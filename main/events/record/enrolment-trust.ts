// Whom this station believes in the pharmacy's record: the one place a signer's trust is decided. An enrolment is
// believed for the pharmacy's key alone (its public half from the machine policy, never from the record or the
// settings); any other fact when an enrolment this station believes vouches for its signer under the station name
// the fact gives, or when it is this station's own. A well-signed fact no enrolment vouches for is not believed, and
// is told once per key and name
// to `onStranger` (the station raises the alarm "a station that is not ours wrote to the record"). A service event
// is believed for the signature of the relay the pharmacy enrolled (`serviceEventTrust`).
import type { RecordFact } from '../../../contract/pharmacy-record.ts';
import { anyStationKey, type TrustedKeys } from '../../../kits/signed-facts/signed-facts.ts';
import {
  messageSignatureHolds,
  type ServiceBelief,
  type ServiceTrust,
  type StationTrust,
} from '../../../kits/signed-facts/signed-messages.ts';
import type { RecordView } from './record-view.ts';

export interface EnrolmentTrustOptions {
  view: RecordView;
  /** The pharmacy's public key from the machine policy; null: no enrolment (every station key is believed). */
  pharmacyKey: string | null;
  /** This station's own key: its facts are its own, enrolled or not. */
  ownKey: string;
  /** A fact no enrolment vouches for (its key, or its key under that name); told once per key and name. */
  onStranger?: (key: string, fact: RecordFact) => void;
}

/**
 * Whether an enrolment this station believes names `key` under the station name `name` (read from its copy of the
 * record each time): an enrolled station writing in another station's name is not believed either.
 */
export function isEnrolled(view: RecordView, key: string, name: string): boolean {
  const row = view.db.get<{ found: number }>(
    `SELECT 1 AS found FROM facts WHERE kind = 'station_enrolled' AND json_extract(body, '$.enrolled.key') = ?
       AND json_extract(body, '$.enrolled.name') = ? LIMIT 1`,
    key,
    name,
  );
  return row !== undefined && row !== null;
}

export function enrolmentTrust(options: EnrolmentTrustOptions): TrustedKeys {
  const { view, pharmacyKey, ownKey } = options;
  // No pharmacy key: every station key is believed, as before enrolment, and no enrolment (nobody can sign one).
  if (pharmacyKey === null) return (signer, fact) => fact.kind !== 'station_enrolled' && anyStationKey(signer, fact);
  const told = new Set<string>();
  return (signer, fact) => {
    if (fact.kind === 'station_enrolled') return signer === pharmacyKey;
    if (signer === ownKey || (signer !== pharmacyKey && isEnrolled(view, signer, fact.station.name))) return true;
    const stranger = `${signer} ${fact.station.name}`;
    if (!told.has(stranger)) {
      told.add(stranger);
      options.onStranger?.(signer, fact);
    }
    return false;
  };
}

/** Whether a believed enrolment names `key` as the pharmacy's events relay. */
export function isEnrolledRelay(view: RecordView, key: string): boolean {
  const row = view.db.get<{ found: number }>(
    `SELECT 1 AS found FROM facts WHERE kind = 'station_enrolled' AND json_extract(body, '$.enrolled.key') = ?
       AND json_extract(body, '$.enrolled.role') = 'relay' LIMIT 1`,
    key,
  );
  return row !== undefined && row !== null;
}

export interface ServiceTrustOptions {
  view: RecordView;
  pharmacyKey: string | null;
  /** The record has been read up to where it stood (an enrolment of the relay would be known by now). */
  ready: () => boolean;
  /** A service event the enrolled relay did not sign was refused; told once per signer (null: unsigned). */
  onForged?: (signer: string | null) => void;
}

/**
 * A service event is believed for the signature of a relay the pharmacy's key enrolled, never for the subject it came
 * on or its body. Until the record is read, an event not (yet) vouched for waits (asked again later, not dropped).
 * Without a pharmacy key in the policy every event is believed, as before enrolment.
 */
export function serviceEventTrust(options: ServiceTrustOptions): ServiceTrust {
  const { view, pharmacyKey } = options;
  const told = new Set<string | null>();
  return (body, signer, signature) => {
    if (pharmacyKey === null) return 'believed';
    const vouched = signer !== null && signature !== null && isEnrolledRelay(view, signer);
    if (vouched && messageSignatureHolds(body, signer, signature)) return 'believed';
    if (!vouched && !options.ready()) return 'not yet';
    if (!told.has(signer)) {
      told.add(signer);
      options.onForged?.(signer);
    }
    return 'refused';
  };
}

/**
 * What a station on a shared record says, in its log and on its Events relay card, when the machine policy names no
 * pharmacy key: it believes no other station's fact or share, nobody's enrolment being checkable.
 */
export const NO_PHARMACY_KEY =
  "The machine policy names no pharmacy key, so this station believes no other station's facts or shares: IT must set pharmacyPublicKey in the machine policy (the public key `relay -- init` printed).";

/** A station on a shared record without the pharmacy's key: its own facts only (no enrolment is checkable). */
export function ownFactsOnly(ownKey: string): TrustedKeys {
  return (signer, fact) => signer === ownKey && fact.kind !== 'station_enrolled';
}

export interface StationMessageTrustOptions {
  view: RecordView;
  /**
   * The pharmacy's public key from the machine policy; null: no enrolment, and any station's signature is believed
   * (a bare NATS of one pharmacy, as the record's facts) or, on IT's link (`ownKeyOnly`), only this station's own.
   */
  pharmacyKey: string | null;
  ownKeyOnly?: boolean;
  /** This station's own key: its messages are its own, enrolled or not. */
  ownKey: string;
  /** The record has been read up to where it stood (an enrolment of the signer would be known by now). */
  ready: () => boolean;
  /** A message no enrolment vouches for was refused: its signer (null: unsigned) and the name it gave. */
  onStranger?: (signer: string | null, stationName: string) => void;
}

/**
 * A station's share or audit checkpoint on the pharmacy's stream is believed for its signature by a key an enrolment
 * vouches for under the station name the message gives (or this station's own key), never for its login, subject or
 * body. Until the record is read, a message not (yet) vouched for waits. Without the pharmacy's key in the policy any
 * station's signature is believed, as the record's facts are (`enrolmentTrust`), except on IT's link (`ownKeyOnly`),
 * where nobody else's is; an unsigned message never is.
 */
export function stationMessageTrust(options: StationMessageTrustOptions): StationTrust {
  const { view, pharmacyKey, ownKey } = options;
  const told = new Set<string>();
  const refuse = (signer: string | null, name: string): ServiceBelief => {
    const stranger = `${signer} ${name}`;
    if (!told.has(stranger)) {
      told.add(stranger);
      options.onStranger?.(signer, name);
    }
    return 'refused';
  };
  return (body, signer, signature, name) => {
    if (signer === null || signature === null || !messageSignatureHolds(body, signer, signature))
      return refuse(signer, name);
    if (signer === ownKey) return 'believed';
    // Refused without an alarm: the log and the Events relay card say why (`NO_PHARMACY_KEY`).
    if (pharmacyKey === null) return options.ownKeyOnly ? 'refused' : 'believed';
    if (signer === pharmacyKey) return 'refused';
    if (isEnrolled(view, signer, name)) return 'believed';
    return options.ready() ? refuse(signer, name) : 'not yet';
  };
}
