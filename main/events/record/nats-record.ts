// The pharmacy's record shared by every station on NATS JetStream: facts on the record's stream (a verification only
// onto its order's empty subject), claims in a key-value bucket written with compare-and-set on the key's revision.
// Every fact goes first to this station's durable queue (record.db), then to the stream; while the record cannot be
// reached the station works from its copy and the queue waits. What it reads is believed for its signature only.
import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import type { KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  claimSubjectOfKey,
  type FactOf,
  factSubject,
  RECORD_STREAM,
  type RecordFact,
  type SignedFact,
} from '../../../contract/pharmacy-record.ts';
import {
  anyStationKey,
  readSignedFact,
  type StationKey,
  type TrustedKeys,
} from '../../../kits/signed-facts/signed-facts.ts';
import type { Logger } from '../../platform/log/logger.ts';
import { claimWrites } from './nats-claims.ts';
import {
  type ExclusiveOutcome,
  factMaker,
  liveClaim,
  type PharmacyRecord,
  type RecordStatus,
  verifiedWords,
} from './record.ts';
import { ensureRecordStream, publishFact } from './record-stream.ts';
import type { RecordView } from './record-view.ts';

export interface NatsRecordOptions {
  view: RecordView;
  stationName: string;
  key: StationKey;
  /** Connects to the pharmacy's NATS (reconnecting on its own); resolves once connected. */
  connect: () => Promise<NatsConnection>;
  trusts?: TrustedKeys;
  now?: () => number;
  log?: Logger;
}

export function createNatsRecord(options: NatsRecordOptions): PharmacyRecord {
  const now = options.now ?? Date.now;
  const trusts = options.trusts ?? anyStationKey;
  const { view } = options;
  const maker = factMaker({ stationName: options.stationName, key: options.key, now });
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of [...listeners]) listener();
  };
  const iso = () => new Date(now()).toISOString();
  let link: { nc: NatsConnection; kv: KV } | null = null;
  let reachable = false;
  let since = iso();
  let closed = false;
  let flushing: Promise<void> = Promise.resolve();
  const setReachable = (yes: boolean) => {
    if (yes === reachable) return;
    reachable = yes;
    since = iso();
    changed();
  };

  /** Publishes what waits in the queue, oldest first; stops at the first that cannot reach the record. */
  const flush = (): Promise<void> => {
    flushing = flushing.then(async () => {
      const current = link;
      if (!current || !reachable) return;
      const js = jetstream(current.nc);
      for (const pending of view.pending()) {
        const outcome = await publishFact(js, current.nc, pending, trusts);
        if (outcome.kind === 'unreachable') {
          options.log?.warn('the record did not take a fact; it stays queued', { reason: outcome.reason });
          return;
        }
        if (outcome.kind === 'published') view.published(pending.factId, outcome.seq);
        else {
          if (outcome.winner)
            view.keep(pending.subject, outcome.winner.fact, outcome.winner.signed, outcome.winner.seq);
          view.conflicted(pending, 'another verification of the order came first', iso());
          options.log?.warn('a verification queued here was refused: the order was verified at another station');
        }
        changed();
      }
    });
    return flushing;
  };

  /** Keeps a fact read from the stream at its place, when its signature holds. */
  const learn = (subject: string, seq: number, raw: unknown) => {
    const read = readSignedFact(raw, subject, trusts);
    if (!read.ok) {
      options.log?.warn('a fact in the record was not believed', { reason: read.reason, seq });
      return;
    }
    if (view.keep(subject, read.fact, raw as SignedFact, seq)) changed();
  };

  const follow = async (nc: NatsConnection, kv: KV) => {
    const js = jetstream(nc);
    const placed = view.readTo();
    const consumer = await js.consumers.get(RECORD_STREAM, {
      ...(placed > 0 ? { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: placed + 1 } : {}),
    });
    const messages = await consumer.consume();
    void (async () => {
      for await (const m of messages) {
        let raw: unknown = null;
        try {
          raw = m.json();
        } catch {
          // Not JSON: not a signed fact either, refused below like any other.
        }
        learn(m.subject, m.seq, raw);
        view.setReadTo(m.seq);
      }
    })().catch((error: unknown) => options.log?.warn('reading the record stopped', { error: String(error) }));
    const watch = await kv.watch({ key: 'order.>' });
    void (async () => {
      for await (const entry of watch) {
        if (entry.operation !== 'PUT') continue;
        const read = readSignedFact(entry.json(), claimSubjectOfKey(entry.key), trusts);
        if (!read.ok || !('order_id' in read.fact)) continue;
        view.setClaim(read.fact.order_id, read.fact, entry.revision);
        changed();
      }
    })().catch((error: unknown) => options.log?.warn('watching the claims stopped', { error: String(error) }));
    return () => {
      messages.stop();
      watch.stop();
    };
  };

  let stopFollowing: (() => void) | null = null;
  const started = (async () => {
    const nc = await options.connect();
    if (closed) {
      await nc.close();
      return;
    }
    const kv = await ensureRecordStream(nc);
    link = { nc, kv };
    stopFollowing = await follow(nc, kv);
    setReachable(true);
    void (async () => {
      for await (const status of nc.status()) {
        if (status.type === 'disconnect' || status.type === 'staleConnection') setReachable(false);
        if (status.type === 'reconnect') {
          setReachable(true);
          void flush();
        }
      }
    })();
    await flush();
  })().catch((error: unknown) => options.log?.warn('the record could not be reached', { error: String(error) }));

  const claims = claimWrites({
    view,
    maker,
    now,
    trusts,
    kv: () => (link && reachable ? link.kv : null),
    changed,
  });

  /** Queues the fact, then publishes the queue; `queued` while it has not reached the record. */
  const write = async (fact: RecordFact) => {
    view.enqueue(factSubject(fact), fact, maker.sign(fact));
    changed();
    await flush();
    return view.pending().some((p) => p.factId === fact.id);
  };

  const status = (): RecordStatus => {
    const counts = { pending: view.pendingCount(), conflicts: view.conflictCount() };
    return reachable ? { state: 'reachable', since, ...counts } : { state: 'unreachable', since, ...counts };
  };

  return {
    kind: 'nats',
    station: maker.station,
    async append(draft) {
      const fact = maker.make(draft);
      return { fact, queued: await write(fact) };
    },
    claim: claims.claim,
    release: claims.release,
    async verified(draft): Promise<ExclusiveOutcome<FactOf<'order_verified'>>> {
      const first = view.verificationOf(draft.order_id);
      if (first) return { ok: false, heldBy: first, message: verifiedWords(first) };
      const fact: FactOf<'order_verified'> = maker.make({ ...draft, kind: 'order_verified' as const });
      const queued = await write(fact);
      const winner = view.verificationOf(draft.order_id);
      if (winner?.id === fact.id) return { ok: true, fact, queued };
      if (winner) return { ok: false, heldBy: winner, message: verifiedWords(winner) };
      // Refused by the record, its verification not readable here: refused all the same.
      return {
        ok: false,
        heldBy: fact,
        message: 'Already verified at another station: a second verification is refused.',
      };
    },
    latestReview: (prescriptionId) => view.latestReview(prescriptionId),
    verificationOf: (orderId) => view.verificationOf(orderId),
    claimOf: (orderId) => liveClaim(view.claim(orderId)?.fact ?? null, now()),
    factsOf: (kind) => view.factsOf(kind),
    status,
    onChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    async close() {
      closed = true;
      await started;
      await flushing.catch(() => undefined);
      stopFollowing?.();
      await link?.nc.close().catch(() => undefined);
      listeners.clear();
      view.close();
    },
  };
}
