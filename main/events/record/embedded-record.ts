// The embedded record: a pharmacy of one station keeps its record in its own record.db (record-view.ts), no NATS.
// The same interface as the shared record; one writer, so a claim or a verification is decided in one transaction.
import type { FactOf, RecordFact } from '../../../contract/pharmacy-record.ts';
import { factSubject } from '../../../contract/pharmacy-record-subjects.ts';
import type { StationKey } from '../../../kits/signed-facts/signed-facts.ts';
import { awayVerificationsIn } from './away-verifications.ts';
import {
  type ClaimFact,
  claimedWords,
  type ExclusiveOutcome,
  factMaker,
  liveClaim,
  type PharmacyRecord,
  verifiedWords,
} from './record.ts';
import type { RecordView } from './record-view.ts';

export interface EmbeddedRecordOptions {
  view: RecordView;
  stationName: string;
  key: StationKey;
  now?: () => number;
}

export function createEmbeddedRecord(options: EmbeddedRecordOptions): PharmacyRecord {
  const now = options.now ?? Date.now;
  const { view } = options;
  const maker = factMaker({ stationName: options.stationName, key: options.key, now });
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of [...listeners]) listener();
  };

  /** Signs and keeps a fact at the record's next place. */
  const write = (fact: RecordFact) => {
    view.keep(factSubject(fact), fact, maker.sign(fact), view.nextSeq());
  };
  const writeClaim = (fact: ClaimFact | FactOf<'order_released'>) => {
    view.db.transaction(() => {
      write(fact);
      view.setClaim(fact.order_id, fact, (view.claim(fact.order_id)?.revision ?? 0) + 1);
    });
  };

  return {
    kind: 'embedded',
    station: maker.station,
    async append(draft) {
      const fact = maker.make(draft);
      write(fact);
      changed();
      return { fact, queued: false };
    },
    async claim(orderId, orderNumber, person): Promise<ExclusiveOutcome<ClaimFact>> {
      const outcome = view.db.transaction((): ExclusiveOutcome<ClaimFact> => {
        const held = liveClaim(view.claim(orderId)?.fact ?? null, now());
        if (held && held.station.key !== maker.station.key) {
          return { ok: false, heldBy: held, message: claimedWords(held) };
        }
        const kind = held ? 'order_heartbeat' : 'order_claimed';
        const fact: ClaimFact = maker.make({ kind, order_id: orderId, order_number: orderNumber, person });
        writeClaim(fact);
        return { ok: true, fact, queued: false };
      });
      if (outcome.ok) changed();
      return outcome;
    },
    async release(orderId, person) {
      const held = view.claim(orderId)?.fact;
      if (!held || held.station.key !== maker.station.key || held.kind === 'order_released') return;
      const orderNumber = 'order_number' in held ? held.order_number : null;
      writeClaim(maker.make({ kind: 'order_released', order_id: orderId, order_number: orderNumber, person }));
      changed();
    },
    async verified(draft) {
      const outcome = view.db.transaction((): ExclusiveOutcome<FactOf<'order_verified'>> => {
        const first = view.verificationOf(draft.order_id);
        if (first) return { ok: false, heldBy: first, message: verifiedWords(first) };
        const fact: FactOf<'order_verified'> = maker.make({ ...draft, kind: 'order_verified' as const });
        write(fact);
        return { ok: true, fact, queued: false };
      });
      if (outcome.ok) changed();
      return outcome;
    },
    latestReview: (prescriptionId) => view.latestReview(prescriptionId),
    verificationOf: (orderId) => view.verificationOf(orderId),
    claimOf: (orderId) => liveClaim(view.claim(orderId)?.fact ?? null, now()),
    lastClaimOf: (orderId) => view.claim(orderId)?.fact ?? null,
    factsOf: (kind) => view.factsOf(kind),
    awayVerifications: () => awayVerificationsIn(view, maker.station.key),
    status: () => ({ state: 'embedded', pending: 0, conflicts: view.conflictCount() }),
    onChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    // One station, one writer: its record never finds a conflict.
    onConflict: () => () => undefined,
    async close() {
      listeners.clear();
      view.close();
    },
  };
}
