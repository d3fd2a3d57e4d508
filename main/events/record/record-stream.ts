// The record's place on NATS JetStream: the append-only stream of facts (no delete, no purge, no rollup, nothing
// discarded) and the claims bucket, made when missing (IT's `relay -- init` will make them, issue #35); and one queued
// fact published, a verification only while its order's subject is empty (compare-and-set, exactly one wins).
import {
  DiscardPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  type JetStreamClient,
  type JetStreamManager,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
} from '@nats-io/jetstream';
import { type KV, Kvm } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  CLAIMS_BUCKET,
  RECORD_STREAM,
  RECORD_SUBJECT_ROOT,
  type RecordFact,
  type SignedFact,
} from '../../../contract/pharmacy-record.ts';
import { readSignedFact, type TrustedKeys } from '../../../kits/signed-facts/signed-facts.ts';
import type { PendingFact, RecordView } from './record-view.ts';

/** How long a publish waits for the record's answer before the fact stays queued. */
export const PUBLISH_TIMEOUT_MS = 5_000;

/**
 * Opens the record's stream and claims bucket that IT's admin step made (`relay -- streams`): the bucket is opened,
 * never created, which a station's permissions allow (its watch replies to the connection's own inbox prefix). On a
 * bare server with no record yet (a pharmacy without `relay -- init`, `createIfMissing`), the first station makes both;
 * on IT's link a missing record is an error naming IT's step, and the station tries again.
 */
export async function ensureRecordStream(nc: NatsConnection, createIfMissing = true): Promise<KV> {
  const jsm = await jetstreamManager(nc);
  try {
    await jsm.streams.info(RECORD_STREAM);
    return await new Kvm(nc).open(CLAIMS_BUCKET);
  } catch (error) {
    if (!(error instanceof JetStreamApiError) || error.code !== JetStreamApiCodes.StreamNotFound) throw error;
    if (!createIfMissing)
      throw new Error(
        `the pharmacy's record (${RECORD_STREAM}) is not there: IT's \`npm run relay -- streams\` makes it`,
      );
    await jsm.streams.add({
      name: RECORD_STREAM,
      subjects: [`${RECORD_SUBJECT_ROOT}.>`],
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
      discard: DiscardPolicy.New,
      deny_delete: true,
      deny_purge: true,
      allow_rollup_hdrs: false,
      max_msg_size: 32 * 1024,
      duplicate_window: 2 * 60 * 1e9,
    });
  }
  return new Kvm(nc).create(CLAIMS_BUCKET, { history: 5, maxValueSize: 16 * 1024 });
}

/** The record refused a write because the subject (or key) moved on: another station wrote first. */
export function isCompareAndSetConflict(error: unknown): boolean {
  return error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamWrongLastSequence;
}

export type PublishOutcome =
  | { kind: 'published'; seq: number }
  | { kind: 'conflict'; winner: { fact: RecordFact; signed: SignedFact; seq: number } | null }
  | { kind: 'unreachable'; reason: string };

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Publishes one queued fact (its id the message id, so a resend is the same message). A verification goes only onto
 * an empty subject: when another is there first the answer is a conflict naming it (believed for its signature).
 */
export async function publishFact(
  js: JetStreamClient,
  nc: NatsConnection,
  pending: PendingFact,
  trusts: TrustedKeys,
  view?: Pick<RecordView, 'readTo' | 'db'>,
  after = 0,
): Promise<PublishOutcome> {
  const exclusive = pending.subject.endsWith('.verified');
  try {
    const ack = await js.publish(pending.subject, JSON.stringify(pending.signed), {
      msgID: pending.factId,
      timeout: PUBLISH_TIMEOUT_MS,
      ...(exclusive ? { expect: { lastSubjectSequence: after } } : {}),
    });
    return { kind: 'published', seq: ack.seq };
  } catch (error) {
    if (!isCompareAndSetConflict(error)) return { kind: 'unreachable', reason: reasonOf(error) };
    let first: Awaited<ReturnType<JetStreamManager['streams']['getMessage']>>;
    try {
      first = await (await jetstreamManager(nc)).streams.getMessage(RECORD_STREAM, { last_by_subj: pending.subject });
    } catch (readError) {
      // The record went away between its refusal and the reading of the winner: tried again later, as a whole.
      return { kind: 'unreachable', reason: reasonOf(readError) };
    }
    if (!first) return { kind: 'conflict', winner: null };
    let raw: SignedFact | null = null;
    try {
      raw = first.json<SignedFact>();
    } catch {
      // Not JSON: believed by nobody, like any message no station of ours signed.
    }
    const read = readSignedFact(raw, pending.subject, trusts);
    if (read.ok && raw) return { kind: 'conflict', winner: { fact: read.fact, signed: raw, seq: first.seq } };
    if (!view || first.seq <= after) return { kind: 'conflict', winner: null };
    // A message no station of ours wrote holds the subject: once this station has read the record up to it and
    // believes no verification there, its own goes after it, by compare-and-set again (of two, one wins).
    if (view.readTo() < first.seq)
      return { kind: 'unreachable', reason: 'the record is not read up to an unbelieved verification yet' };
    const believed = view.db.get('SELECT 1 FROM facts WHERE subject = ? AND record_seq IS NOT NULL', pending.subject);
    if (believed) return { kind: 'conflict', winner: null };
    return publishFact(js, nc, pending, trusts, view, first.seq);
  }
}
