// What the stations of one pharmacy tell each other over its stream, the service having no way to hold it: an order
// claimed for verification, released, verified, a stop raised, a prescription reviewed. A claim is published expecting
// the order subject's last sequence, so of two stations claiming at once exactly one succeeds (JetStream decides).
// Each share is signed with the station's record key; another's is believed only for its signature (`trust`).
import { randomUUID } from 'node:crypto';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  CLAIM_HOLDS_MS,
  PHARMACY_STREAM,
  type StationShareKind,
  type StationShareMessage,
  shareSubject,
  stationShareMessage,
} from '../../contract/pharmacy-stream.ts';
import type { StationKey } from '../../kits/signed-facts/signed-facts.ts';
import { type StationTrust, signedHeaders } from '../../kits/signed-facts/signed-messages.ts';
import { readShare, storedMessage } from '../../kits/signed-facts/signed-shares.ts';

export interface ShareMark {
  station: string;
  person: string;
  at: string;
  detail: string | null;
}

/** What the stations said about one order (or prescription), as this station learnt it from the stream. */
export interface SharedState {
  claim: ShareMark | null;
  verified: ShareMark | null;
  stop: ShareMark | null;
  reviewed: ShareMark | null;
}

export type ClaimOutcome = { ok: true; shared: boolean } | { ok: false; heldBy: ShareMark; message: string };

export interface PharmacyShares {
  /** A share read from the stream (this station's own included). */
  learn(message: StationShareMessage): void;
  state(subjectId: string): SharedState;
  /** Another station's claim that still holds this order, as last learnt from the stream, or null. */
  heldElsewhere(orderId: string): ShareMark | null;
  /** Claims the order for verification here; refused while another station's claim holds it. */
  claim(orderId: string, orderNumber: string | null, person: string): Promise<ClaimOutcome>;
  /** Tells the others (released, verified, stop_raised, reviewed); nothing without a live relay. */
  announce(
    kind: Exclude<StationShareKind, 'claimed'>,
    subjectId: string,
    orderNumber: string | null,
    person: string,
    detail?: string | null,
  ): Promise<void>;
  onChange(listener: (subjectId: string, state: SharedState) => void): () => void;
}

const EMPTY: SharedState = { claim: null, verified: null, stop: null, reviewed: null };

export function claimWords(mark: ShareMark): string {
  return `Being verified at ${mark.station} by ${mark.person}: a second verification of this order is refused.`;
}

export function createPharmacyShares(options: {
  connection: () => NatsConnection | null;
  station: string;
  /** The station's record key: each share is signed with it (absent: unsigned, believed by no enrolled pharmacy). */
  key?: () => Promise<StationKey>;
  /** Whether another station's share on an order's subject is believed (absent: every one is). */
  trust?: StationTrust;
  now?: () => number;
}): PharmacyShares {
  const now = options.now ?? Date.now;
  const states = new Map<string, SharedState>();
  const listeners = new Set<(subjectId: string, state: SharedState) => void>();
  let counter = 0;

  const apply = (message: StationShareMessage) => {
    const before = states.get(message.subject_id) ?? EMPTY;
    const mark: ShareMark = {
      station: message.station,
      person: message.person,
      at: message.at,
      detail: message.detail,
    };
    const next: SharedState = { ...before };
    if (message.kind === 'claimed') next.claim = mark;
    if (message.kind === 'released' || message.kind === 'verified') next.claim = null;
    if (message.kind === 'verified') next.verified = mark;
    if (message.kind === 'stop_raised') next.stop = mark;
    if (message.kind === 'reviewed') next.reviewed = mark;
    states.set(message.subject_id, next);
    for (const listener of [...listeners]) listener(message.subject_id, next);
  };

  const message = (
    kind: StationShareKind,
    subjectId: string,
    orderNumber: string | null,
    person: string,
    detail: string | null,
  ): StationShareMessage =>
    stationShareMessage.parse({
      // Not guessable: a share id published ahead by another login would make this one a "duplicate".
      id: `${options.station.slice(0, 40)}-${now()}-${counter++}-${randomUUID().slice(0, 8)}`,
      kind,
      subject_id: subjectId,
      order_number: orderNumber,
      station: options.station,
      person: person.slice(0, 200),
      detail,
      at: new Date(now()).toISOString(),
    });

  const signed = async (body: string) => (options.key ? { headers: signedHeaders(body, await options.key()) } : {});

  /** A claim by another station that still holds, from the order subject's last message. */
  const holder = (last: StationShareMessage | null): ShareMark | null => {
    if (last?.kind !== 'claimed' || last.station === options.station) return null;
    if (now() - Date.parse(last.at) > CLAIM_HOLDS_MS) return null;
    return { station: last.station, person: last.person, at: last.at, detail: null };
  };

  return {
    learn: apply,
    state: (subjectId) => states.get(subjectId) ?? EMPTY,
    heldElsewhere(orderId) {
      const claim = states.get(orderId)?.claim;
      if (!claim || claim.station === options.station) return null;
      return now() - Date.parse(claim.at) > CLAIM_HOLDS_MS ? null : claim;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    async claim(orderId, orderNumber, person) {
      const nc = options.connection();
      if (!nc) return { ok: true, shared: false };
      const subject = shareSubject('claimed', orderId);
      const jsm = await jetstreamManager(nc);
      for (let attempt = 0; attempt < 3; attempt++) {
        const stored = await jsm.streams.getMessage(PHARMACY_STREAM, { last_by_subj: subject });
        const read = stored ? readShare(storedMessage(stored), options.trust) : null;
        // A share not believed (unsigned, a stranger's) holds nothing: the claim goes after it.
        const last = read?.belief === 'believed' ? read.share : null;
        const heldBy = holder(last);
        if (heldBy) {
          if (last) apply(last);
          return { ok: false, heldBy, message: claimWords(heldBy) };
        }
        const claim = message('claimed', orderId, orderNumber, person, null);
        try {
          const body = JSON.stringify(claim);
          await jetstream(nc).publish(subject, body, {
            ...(await signed(body)),
            msgID: claim.id,
            expect: { lastSubjectSequence: stored?.seq ?? 0 },
          });
          apply(claim);
          return { ok: true, shared: true };
        } catch (error) {
          // Another station published on this order since we read it: read again and decide.
          if (!/wrong last sequence/i.test(error instanceof Error ? error.message : String(error))) throw error;
        }
      }
      throw new Error('the order changed hands too often to claim it');
    },
    async announce(kind, subjectId, orderNumber, person, detail = null) {
      const nc = options.connection();
      if (!nc) return;
      const share = message(kind, subjectId, orderNumber, person, detail);
      const body = JSON.stringify(share);
      await jetstream(nc).publish(shareSubject(kind, subjectId), body, { ...(await signed(body)), msgID: share.id });
      apply(share);
    },
  };
}
