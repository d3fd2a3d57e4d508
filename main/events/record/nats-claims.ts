// Claims on the shared record: the claims bucket holds each order's current claim, heartbeat or release as a signed
// fact, written with compare-and-set on the key's revision, so of two stations claiming at once exactly one succeeds.
// A claim lives while its heartbeat does; a station that stopped frees its orders CLAIM_LIVES_MS after its last beat.
import type { KV, KvEntry } from '@nats-io/kv';
import type { FactOf, RecordFact } from '../../../contract/pharmacy-record.ts';
import { claimKey, claimSubjectOfKey } from '../../../contract/pharmacy-record-subjects.ts';
import { readSignedFact, type TrustedKeys } from '../../../kits/signed-facts/signed-facts.ts';
import {
  type ClaimFact,
  claimedWords,
  type ExclusiveOutcome,
  type FactMaker,
  liveClaim,
  type Person,
} from './record.ts';
import { isCompareAndSetConflict } from './record-stream.ts';
import type { RecordView } from './record-view.ts';

/** How many times a claim is tried again when another station wrote the key between our read and our write. */
const ATTEMPTS = 3;

export interface ClaimWriteParts {
  view: RecordView;
  maker: FactMaker;
  now: () => number;
  trusts: TrustedKeys;
  /** The claims bucket while the record is reachable, else null. */
  kv: () => KV | null;
  changed: () => void;
}

export function claimWrites(parts: ClaimWriteParts) {
  const { view, maker, now } = parts;
  const believed = (entry: KvEntry | null): RecordFact | null => {
    if (entry?.operation !== 'PUT') return null;
    const read = readSignedFact(entry.json(), claimSubjectOfKey(entry.key), parts.trusts);
    return read.ok ? read.fact : null;
  };

  /** Writes the fact over the key's `revision` (0: the key is new); false when another station wrote first. */
  const put = async (kv: KV, fact: ClaimFact | FactOf<'order_released'>, revision: number) => {
    const signed = JSON.stringify(maker.sign(fact));
    try {
      const written =
        revision === 0
          ? await kv.create(claimKey(fact.order_id), signed)
          : await kv.update(claimKey(fact.order_id), signed, revision);
      view.setClaim(fact.order_id, fact, written);
      parts.changed();
      return true;
    } catch (error) {
      if (isCompareAndSetConflict(error)) return false;
      throw error;
    }
  };

  return {
    async claim(orderId: string, orderNumber: string | null, person: Person): Promise<ExclusiveOutcome<ClaimFact>> {
      const kv = parts.kv();
      if (!kv) {
        // The record cannot be reached: the station works from what it knows.
        const held = liveClaim(view.claim(orderId)?.fact ?? null, now());
        if (held && held.station.key !== maker.station.key)
          return { ok: false, heldBy: held, message: claimedWords(held) };
        const fact: ClaimFact = maker.make({
          kind: 'order_claimed',
          order_id: orderId,
          order_number: orderNumber,
          person,
        });
        return { ok: true, fact, queued: true };
      }
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const entry = await kv.get(claimKey(orderId));
        const current = believed(entry);
        const held = liveClaim(current, now());
        if (held && held.station.key !== maker.station.key) {
          if (entry) view.setClaim(orderId, held, entry.revision);
          return { ok: false, heldBy: held, message: claimedWords(held) };
        }
        const kind = held ? 'order_heartbeat' : 'order_claimed';
        const fact: ClaimFact = maker.make({ kind, order_id: orderId, order_number: orderNumber, person });
        if (await put(kv, fact, entry?.revision ?? 0)) return { ok: true, fact, queued: false };
      }
      throw new Error('the order changed hands too often to claim it');
    },
    async release(orderId: string, person: Person): Promise<void> {
      const kv = parts.kv();
      const kept = view.claim(orderId);
      if (!kv || !kept || kept.fact.station.key !== maker.station.key || kept.fact.kind === 'order_released') return;
      const orderNumber = 'order_number' in kept.fact ? kept.fact.order_number : null;
      await put(
        kv,
        maker.make({ kind: 'order_released', order_id: orderId, order_number: orderNumber, person }),
        kept.revision,
      );
    },
  };
}
