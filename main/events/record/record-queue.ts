// The durable queue of this station's facts on their way to the shared record: published oldest first, one at a time;
// a fact the record did not take stays queued and is tried again (at once on reconnection, else in 2 s); a queued
// verification that lost to another station's is dropped and a conflict put into the record in its place.
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { type RecordFact, recordFact, type SignedFact } from '../../../contract/pharmacy-record.ts';
import { factSubject } from '../../../contract/pharmacy-record-subjects.ts';
import type { TrustedKeys } from '../../../kits/signed-facts/signed-facts.ts';
import type { Logger } from '../../platform/log/logger.ts';
import { conflictDraft, type FactMaker } from './record.ts';
import { publishFact } from './record-stream.ts';
import type { PendingFact, RecordView } from './record-view.ts';

/** How soon a fact the record did not take is tried again while the connection seems up. */
const RETRY_MS = 2_000;

export interface RecordQueueParts {
  view: RecordView;
  maker: FactMaker;
  trusts: TrustedKeys;
  log?: Logger | undefined;
  /** The facts whose writer waits for the record's answer now: refused, they are told there, no conflict. */
  answering: ReadonlySet<string>;
  changed(): void;
  iso(): string;
  /** The connection while the record is reachable, else null. */
  connection(): NatsConnection | null;
}

export function recordQueue(parts: RecordQueueParts) {
  const { view, maker, log } = parts;
  let flushing: Promise<void> = Promise.resolve();
  let retry: NodeJS.Timeout | null = null;
  let stopped = false;

  /** A verification queued here lost to another station's: dropped, and a conflict put into the record for all. */
  const refused = (pending: PendingFact, winner: { fact: RecordFact; signed: SignedFact; seq: number } | null) => {
    if (winner) view.keep(pending.subject, winner.fact, winner.signed, winner.seq);
    view.conflicted(pending, 'another verification of the order came first', parts.iso());
    if (parts.answering.has(pending.factId)) return;
    log?.warn('a verification queued here was refused: the order was verified at another station');
    const draft = conflictDraft(recordFact.parse(JSON.parse(pending.signed.body)), winner?.fact ?? null);
    if (!draft) return;
    const conflict = maker.make(draft);
    view.enqueue(factSubject(conflict), conflict, maker.sign(conflict));
  };

  const retryLater = () => {
    if (retry || stopped) return;
    retry = setTimeout(() => {
      retry = null;
      void flush();
    }, RETRY_MS);
    retry.unref();
  };

  async function publishQueue(): Promise<void> {
    const nc = parts.connection();
    if (!nc) return;
    const js = jetstream(nc);
    // A conflict found queues its own fact: the queue is read again until it is empty.
    for (let batch = view.pending(); batch.length > 0; batch = view.pending()) {
      for (const pending of batch) {
        const outcome = await publishFact(js, nc, pending, parts.trusts, view);
        if (outcome.kind === 'unreachable') {
          log?.warn('the record did not take a fact; it stays queued', { reason: outcome.reason });
          retryLater();
          return;
        }
        if (outcome.kind === 'published') view.published(pending.factId, outcome.seq);
        else refused(pending, outcome.winner);
        parts.changed();
      }
    }
  }

  /** Publishes what waits, oldest first; never a broken chain: a failure is tried again. */
  function flush(): Promise<void> {
    flushing = flushing.then(publishQueue).catch((error: unknown) => {
      log?.warn('publishing the queue failed', { error: String(error) });
      retryLater();
    });
    return flushing;
  }

  return {
    flush,
    /** Resolves once the publishing under way is over. */
    settled: () => flushing,
    stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
    },
  };
}
