// Reads a chain's audit checkpoints back from the pharmacy's stream: the last its subject took (the station checks
// its chain against it before sending another), and every one of them, oldest first, for `npm run audit -- verify
// --stream` (a replayed older checkpoint is only one among them: the newest ever sent still counts). Given the
// pharmacy's key, a checkpoint counts only for the signature of a key the pharmacy enrolled under the station name it
// gives (one from a login with a key nobody enrolled is nobody's word, and is left out).
import { jetstreamManager, type MsgRequest, type StoredMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  type AuditCheckpointMessage,
  auditCheckpointMessage,
  auditSubject,
  PHARMACY_STREAM,
} from '../../contract/pharmacy-stream.ts';
import { createEnrolments, type Enrolments } from '../../kits/signed-facts/enrolments.ts';
import { signatureOf } from '../../kits/signed-facts/signed-messages.ts';
import { connectStationNats, type NatsLogin } from './nats-connection.ts';

/** The most checkpoints one chain's subject is read for (hourly for years is far less than the stream keeps). */
const MOST_CHECKPOINTS = 100_000;

/** A stored message read as a checkpoint; null when it is not one (a message of another shape on the subject). */
function checkpointOf(stored: StoredMsg): AuditCheckpointMessage | null {
  try {
    const parsed = auditCheckpointMessage.safeParse(stored.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The last message the chain's subject took (its sequence, and the checkpoint it is, if it is one); null: none. */
export async function lastStreamCheckpoint(
  nc: NatsConnection,
  chainId: string,
): Promise<{ seq: number; checkpoint: AuditCheckpointMessage | null } | null> {
  const jsm = await jetstreamManager(nc);
  const stored = await jsm.streams.getMessage(PHARMACY_STREAM, { last_by_subj: auditSubject(chainId) });
  return stored ? { seq: stored.seq, checkpoint: checkpointOf(stored) } : null;
}

/** The newest checkpoint of `chainId` the pharmacy's stream holds, or null when it holds none. */
export async function streamCheckpoint(nc: NatsConnection, chainId: string): Promise<AuditCheckpointMessage | null> {
  return (await lastStreamCheckpoint(nc, chainId))?.checkpoint ?? null;
}

/** Whether an enrolled station signed the checkpoint in `stored` (the record read again when its key is not known yet). */
async function enrolledSigned(nc: NatsConnection, enrolments: Enrolments, stored: StoredMsg, station: string) {
  const { signer, signature } = signatureOf(stored.header);
  const belief = () => enrolments.trust(stored.data, signer, signature, station);
  if (belief() === 'not yet') await enrolments.refresh(nc);
  return belief() === 'believed';
}

/**
 * Every checkpoint of `chainId` the pharmacy's stream holds, oldest first (messages of another shape left out, and,
 * given the pharmacy's enrolments, those no enrolled station signed).
 */
export async function streamCheckpoints(
  nc: NatsConnection,
  chainId: string,
  enrolments?: Enrolments,
): Promise<AuditCheckpointMessage[]> {
  const jsm = await jetstreamManager(nc);
  const subject = auditSubject(chainId);
  const found: AuditCheckpointMessage[] = [];
  let seq = 1;
  for (let read = 0; read < MOST_CHECKPOINTS; read++) {
    // The next message on the subject from `seq` (JetStream's `next_by_subj`): the station's permissions allow this
    // read of the stream by message, never a consumer of its own on it.
    const next = { seq, next_by_subj: subject } as unknown as MsgRequest;
    const stored = await jsm.streams.getMessage(PHARMACY_STREAM, next);
    if (!stored) break;
    const checkpoint = checkpointOf(stored);
    const ours = checkpoint?.chainId === chainId;
    if (checkpoint && ours && (!enrolments || (await enrolledSigned(nc, enrolments, stored, checkpoint.station))))
      found.push(checkpoint);
    seq = stored.seq + 1;
  }
  return found;
}

/**
 * Connects once with this login (IT's, from the command line), reads every checkpoint of `chainId` (only those an
 * enrolled station signed, given `pharmacyKey`), disconnects.
 */
export async function readStreamCheckpoints(
  login: NatsLogin,
  chainId: string,
  pharmacyKey?: string,
): Promise<AuditCheckpointMessage[]> {
  const nc = await connectStationNats(login, 'audit-verify', { reconnect: false, timeout: 5_000 });
  try {
    return await streamCheckpoints(nc, chainId, pharmacyKey ? createEnrolments(pharmacyKey) : undefined);
  } finally {
    await nc.close();
  }
}
