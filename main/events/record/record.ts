// The pharmacy's record as main uses it: one interface, two implementations — the embedded record on the station's
// own SQLite (a pharmacy of one station, embedded-record.ts) and NATS JetStream shared by every station
// (nats-record.ts). Facts are signed here with the station's key; what is read back is believed for its signature.
import { randomUUID } from 'node:crypto';
import { CLAIM_LIVES_MS, type FactOf, type RecordFact, type SignedFact } from '../../../contract/pharmacy-record.ts';
import { type StationKey, signFact } from '../../../kits/signed-facts/signed-facts.ts';
import type { AwayVerification } from './away-verifications.ts';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A fact as main writes it: the record adds its id, time and station. */
export type FactDraft = DistributiveOmit<RecordFact, 'id' | 'at' | 'station'>;
export type ClaimFact = FactOf<'order_claimed'> | FactOf<'order_heartbeat'>;
export type Person = RecordFact['person'];

export type AppendOutcome = { fact: RecordFact; queued: boolean };
export type ExclusiveOutcome<F> =
  | { ok: true; fact: F; queued: boolean }
  | { ok: false; heldBy: RecordFact; message: string };

export type RecordStatus =
  | { state: 'embedded'; pending: 0; conflicts: number }
  | { state: 'reachable'; since: string; pending: number; conflicts: number }
  | { state: 'unreachable'; since: string; pending: number; conflicts: number };

export interface PharmacyRecord {
  readonly kind: 'embedded' | 'nats';
  /** This station as its facts name it. */
  readonly station: { name: string; key: string };
  /** Why this station believes no other station's facts (on IT's link without the pharmacy's key), if it does not. */
  readonly trustProblem?: string;
  /** Appends a fact that no other can refuse (a review, a count, a label, stock, a setting, a drill). */
  append(
    draft: Exclude<FactDraft, { kind: `order_${'claimed' | 'heartbeat' | 'released' | 'verified'}` }>,
  ): Promise<AppendOutcome>;
  /**
   * Claims the order for verification here, or renews this station's live claim (a heartbeat: the verify screen does
   * it every CLAIM_HEARTBEAT_MS while it is open); refused while another station's claim lives.
   */
  claim(orderId: string, orderNumber: string | null, person: Person): Promise<ExclusiveOutcome<ClaimFact>>;
  release(orderId: string, person: Person): Promise<void>;
  /** Records the order verified; refused when another verification of it is in the record (one per order). */
  verified(
    draft: Omit<FactOf<'order_verified'>, 'id' | 'at' | 'station' | 'kind'>,
  ): Promise<ExclusiveOutcome<FactOf<'order_verified'>>>;
  /** The newest review decision of a prescription at any station (facts not yet published count, newest). */
  latestReview(prescriptionId: string): FactOf<'prescription_reviewed'> | null;
  /** The order's verification in the record, or null. */
  verificationOf(orderId: string): FactOf<'order_verified'> | null;
  /** The claim that holds the order now (its heartbeat fresh), whichever station's, or null. */
  claimOf(orderId: string): ClaimFact | null;
  /** The order's newest claim, heartbeat or release in the record, live or lapsed, or null when none was written. */
  lastClaimOf(orderId: string): RecordFact | null;
  /** The facts of one kind, oldest first (for reports and the settings). */
  factsOf<K extends RecordFact['kind']>(kind: K): FactOf<K>[];
  /** This station's verifications made while the record was away, believed for their signatures, oldest first. */
  awayVerifications(): AwayVerification[];
  status(): RecordStatus;
  /** Something in the record changed (a subject's newest fact, a claim, the status). */
  onChange(listener: () => void): () => void;
  /** A conflict any station found on return (a verification that lost to another's): told once each. */
  onConflict(listener: (fact: FactOf<'conflict_found'>) => void): () => void;
  close(): Promise<void>;
}

/** What both implementations use to make a fact of a draft. */
export interface FactMaker {
  station: { name: string; key: string };
  make<D extends FactDraft>(draft: D): RecordFact & D;
  sign(fact: RecordFact): SignedFact;
}

export function factMaker(options: { stationName: string; key: StationKey; now: () => number }): FactMaker {
  const station = { name: options.stationName.slice(0, 100) || 'this station', key: options.key.publicKey };
  return {
    station,
    make: (draft) =>
      ({ ...draft, id: randomUUID(), at: new Date(options.now()).toISOString(), station }) as RecordFact & typeof draft,
    sign: (fact) => signFact(fact, options.key),
  };
}

/** A claim holds while its newest claim or heartbeat is at most CLAIM_LIVES_MS old (a release ends it). */
export function liveClaim(fact: RecordFact | null, now: number): ClaimFact | null {
  if (!fact || (fact.kind !== 'order_claimed' && fact.kind !== 'order_heartbeat')) return null;
  return now - Date.parse(fact.at) <= CLAIM_LIVES_MS ? fact : null;
}

/** The conflict a station puts into the record when its queued verification lost to `winner`; null for other facts. */
export function conflictDraft(lost: RecordFact, winner: RecordFact | null): FactDraft | null {
  if (lost.kind !== 'order_verified') return null;
  const { person, order_id, order_number, id } = lost;
  const verified_at = winner?.station.name ?? null;
  return { kind: 'conflict_found', person, order_id, order_number, verified_at, refused_fact: id };
}

export function claimedWords(fact: RecordFact): string {
  return `Being verified at ${fact.station.name} by ${fact.person.name}: a second verification of this order is refused.`;
}

export function verifiedWords(fact: RecordFact): string {
  return `Already verified at ${fact.station.name} by ${fact.person.name}: a second verification of this order is refused.`;
}
