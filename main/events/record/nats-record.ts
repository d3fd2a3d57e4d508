// The pharmacy's record shared by every station on NATS JetStream: facts on the record's stream (a verification only
// onto its order's empty subject), claims in a key-value bucket written with compare-and-set on the key's revision.
// Every fact goes first to this station's durable queue (record.db, record-queue.ts), then to the stream; while the
// record cannot be reached the station works from its copy and the queue waits. What it reads is believed for its
// signature only. A record that cannot be opened (nats-server down at the start) is tried again every 2 s.
import type { KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import type { FactOf, RecordFact, SignedFact } from '../../../contract/pharmacy-record.ts';
import { factSubject } from '../../../contract/pharmacy-record-subjects.ts';
import { readSignedFact, type StationKey, type TrustedKeys } from '../../../kits/signed-facts/signed-facts.ts';
import type { Logger } from '../../platform/log/logger.ts';
import { awayVerificationsIn } from './away-verifications.ts';
import { enrolmentTrust } from './enrolment-trust.ts';
import { claimWrites } from './nats-claims.ts';
import {
  type ExclusiveOutcome,
  factMaker,
  liveClaim,
  type PharmacyRecord,
  type RecordStatus,
  verifiedWords,
} from './record.ts';
import { recordReader } from './record-follow.ts';
import { recordQueue } from './record-queue.ts';
import { ensureRecordStream } from './record-stream.ts';
import type { RecordView } from './record-view.ts';

/** How soon the record is tried again when it could not be opened. */
const RETRY_MS = 2_000;

export interface NatsRecordOptions {
  view: RecordView;
  stationName: string;
  key: StationKey;
  /** Connects to the pharmacy's NATS (reconnecting on its own); resolves once connected. */
  connect: () => Promise<NatsConnection>;
  /** Whom the station believes; absent: enrolment by `pharmacyKey` (enrolment-trust.ts). */
  trusts?: TrustedKeys;
  /** The pharmacy's public key from the machine policy (null or absent: every station key is believed). */
  pharmacyKey?: string | null;
  /** A key no enrolment vouches for wrote to the record (told once per key). */
  onStranger?: (key: string, fact: RecordFact) => void;
  /** Makes the stream and bucket when they are missing (a bare server); false on IT's link: opened only. */
  createIfMissing?: boolean;
  now?: () => number;
  log?: Logger;
}

export function createNatsRecord(options: NatsRecordOptions): PharmacyRecord {
  const now = options.now ?? Date.now;
  const { view } = options;
  const trusts =
    options.trusts ??
    enrolmentTrust({
      view,
      pharmacyKey: options.pharmacyKey ?? null,
      ownKey: options.key.publicKey,
      ...(options.onStranger ? { onStranger: options.onStranger } : {}),
    });
  const maker = factMaker({ stationName: options.stationName, key: options.key, now });
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of [...listeners]) listener();
  };
  const iso = () => new Date(now()).toISOString();
  const conflictListeners = new Set<(fact: FactOf<'conflict_found'>) => void>();
  /** The facts whose writer waits for the record's answer now. */
  const answering = new Set<string>();
  /** The conflicts told this run (each once, whichever station found it). */
  const alarmed = new Set<string>();
  let link: { nc: NatsConnection; kv: KV } | null = null;
  const linked = () => link;
  let reachable = false;
  let since = iso();
  let closed = false;
  const setReachable = (yes: boolean) => {
    if (yes === reachable) return;
    reachable = yes;
    since = iso();
    changed();
  };

  const queue = recordQueue({
    view,
    maker,
    trusts,
    log: options.log,
    answering,
    changed,
    iso,
    connection: () => (link && reachable && !closed ? link.nc : null),
  });
  const flush = queue.flush;

  /** Keeps a fact read from the stream at its place, when its signature holds. */
  const learn = (subject: string, seq: number, raw: unknown) => {
    const read = readSignedFact(raw, subject, trusts);
    if (!read.ok) {
      options.log?.warn('a fact in the record was not believed', { reason: read.reason, seq });
      return;
    }
    if (view.keep(subject, read.fact, raw as SignedFact, seq)) changed();
    if (read.fact.kind === 'conflict_found' && !alarmed.has(read.fact.id)) {
      alarmed.add(read.fact.id);
      for (const listener of [...conflictListeners]) listener(read.fact);
    }
  };

  const reader = recordReader({ view, trusts, log: options.log, learn, changed });
  /** Connects, makes or opens the stream and bucket, and follows them; a step that fails starts over. */
  const open = async () => {
    const nc = await options.connect();
    try {
      if (closed) throw new Error('closed');
      const kv = await ensureRecordStream(nc, options.createIfMissing ?? true);
      await reader.follow(nc, kv);
      link = { nc, kv };
      return nc;
    } catch (error) {
      await nc.close().catch(() => undefined);
      throw error;
    }
  };
  const started = (async () => {
    let nc: NatsConnection | null = null;
    while (!nc) {
      try {
        nc = await open();
      } catch (error) {
        if (closed) return;
        options.log?.warn('the record could not be reached; trying again', { error: String(error) });
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS).unref());
      }
    }
    setReachable(true);
    void (async () => {
      for await (const status of nc.status()) {
        if (status.type === 'disconnect' || status.type === 'staleConnection') setReachable(false);
        if (status.type === 'reconnect') {
          setReachable(true);
          void flush();
          // A restarted server lost the reading's consumer: read on from where the copy ends at once.
          const opened = linked();
          if (opened && !closed) void reader.resume(opened.nc, opened.kv);
        }
      }
    })();
    await flush();
  })();

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
    answering.add(fact.id);
    try {
      await flush();
    } finally {
      answering.delete(fact.id);
    }
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
    lastClaimOf: (orderId) => view.claim(orderId)?.fact ?? null,
    factsOf: (kind) => view.factsOf(kind),
    awayVerifications: () => awayVerificationsIn(view, maker.station.key, options.log),
    status,
    onChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    onConflict(listener) {
      conflictListeners.add(listener);
      return () => {
        conflictListeners.delete(listener);
      };
    },
    async close() {
      closed = true;
      queue.stop();
      // A record never reached (nats-server down since the start) does not hold the station's closing.
      await Promise.race([started, new Promise((resolve) => setTimeout(resolve, RETRY_MS).unref())]);
      await queue.settled();
      reader.stop();
      await link?.nc.close().catch(() => undefined);
      listeners.clear();
      view.close();
    },
  };
}
