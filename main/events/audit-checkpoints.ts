// The station's audit checkpoints go to the pharmacy's stream (where a relay is configured): an off-machine copy of
// "this chain had N records, the last hashing H", signed under the chain's key, that `npm run audit -- verify --stream`
// holds the local chain against, every one of them (audit-checkpoint-reader.ts). Each chain has its own subject; a
// checkpoint is sent only once the chain passes its own check and holds the checkpoint the subject last took, and it is
// published expecting that very sequence: a chain cut short, or rewritten, sends nothing, and says so in the log.
import { JetStreamApiCodes, JetStreamApiError, jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { type AuditCheckpointMessage, auditCheckpointMessage, auditSubject } from '../../contract/pharmacy-stream.ts';
import type { StationKey } from '../../kits/signed-facts/signed-facts.ts';
import { signedHeaders } from '../../kits/signed-facts/signed-messages.ts';
import type { Logger } from '../platform/log/logger.ts';
import { lastStreamCheckpoint } from './audit-checkpoint-reader.ts';

export type AuditCheckpoint = Omit<AuditCheckpointMessage, 'station'>;

/**
 * Why the chain may not vouch for a new checkpoint, given the checkpoint of it the stream holds last (null: none):
 * the audit log's `checkpointProblem`.
 */
export type CheckpointProblem = (sent: AuditCheckpoint | null) => string | null;

export interface CheckpointCourier {
  /** A checkpoint the audit log wrote: sent now when the relay is live, else when it is, if its chain allows. */
  offer(checkpoint: AuditCheckpoint, problemWith: CheckpointProblem): void;
  /** The relay came (back): send what waits. */
  retry(): void;
  /** Resolves when nothing is on its way. */
  settled(): Promise<void>;
  /** Why the last checkpoint offered was not sent (its chain does not hold what the stream has), or null. */
  refusal(): string | null;
}

const keyOf = (c: AuditCheckpoint) => `${c.chainId}:${c.records}:${c.head}`;
/** How often a publish is tried again when another checkpoint reached the subject between the check and the publish. */
const RACES = 3;

const wrongLastSequence = (error: unknown) =>
  error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamWrongLastSequence;

export function createCheckpointCourier(options: {
  connection: () => NatsConnection | null;
  station: string;
  /** The station's record key: each checkpoint is signed with it (what `verify --stream` believes, once enrolled). */
  key?: () => Promise<StationKey>;
  logger?: Logger;
}): CheckpointCourier {
  let waiting: { checkpoint: AuditCheckpoint; problemWith: CheckpointProblem } | null = null;
  let sent: string | null = null;
  let refused: string | null = null;
  let flight: Promise<void> = Promise.resolve();

  async function publish(nc: NatsConnection, offered: NonNullable<typeof waiting>): Promise<'sent' | 'refused'> {
    const { checkpoint } = offered;
    const subject = auditSubject(checkpoint.chainId);
    const message = auditCheckpointMessage.parse({ ...checkpoint, station: options.station.slice(0, 100) });
    for (let attempt = 1; ; attempt++) {
      const last = await lastStreamCheckpoint(nc, checkpoint.chainId);
      const problem = offered.problemWith(last?.checkpoint ?? null);
      if (problem) {
        refused = problem;
        options.logger?.error('the audit chain does not hold what the pharmacy stream has of it: no checkpoint sent', {
          chainId: checkpoint.chainId,
          problem,
        });
        return 'refused';
      }
      try {
        const body = JSON.stringify(message);
        await jetstream(nc).publish(subject, body, {
          ...(options.key ? { headers: signedHeaders(body, await options.key()) } : {}),
          msgID: `audit-${keyOf(checkpoint)}`.slice(0, 200),
          expect: { lastSubjectSequence: last?.seq ?? 0 },
        });
        refused = null;
        return 'sent';
      } catch (error) {
        if (!wrongLastSequence(error) || attempt >= RACES) throw error;
      }
    }
  }

  async function send(): Promise<void> {
    const offered = waiting;
    const nc = options.connection();
    if (!offered || !nc || keyOf(offered.checkpoint) === sent) return;
    try {
      if ((await publish(nc, offered)) === 'sent') sent = keyOf(offered.checkpoint);
      if (waiting === offered) waiting = null;
    } catch (error) {
      options.logger?.warn('an audit checkpoint was not sent to the pharmacy stream yet', {
        error: error instanceof Error ? error.message : '',
      });
    }
  }
  const kick = () => {
    flight = flight.then(send, send);
  };
  return {
    offer(checkpoint, problemWith) {
      const before = waiting?.checkpoint;
      if (before && before.chainId === checkpoint.chainId && before.records > checkpoint.records) return;
      waiting = { checkpoint, problemWith };
      kick();
    },
    retry: kick,
    settled: () => flight,
    refusal: () => refused,
  };
}

/**
 * Sends an audit log's signed checkpoints to the pharmacy's stream (where a relay is configured): each one as it is
 * stored, and the newest at once, each naming the chain this one replaced if it did, and each only if the chain allows.
 */
export function shareCheckpointsOf(
  audit: {
    onCheckpoint(listener: (checkpoint: AuditCheckpoint) => void): () => void;
    latestCheckpoint(): AuditCheckpoint | null;
    checkpointProblem: CheckpointProblem;
    follows(): AuditCheckpoint['follows'] | null;
  },
  events: { offerCheckpoint(checkpoint: AuditCheckpoint, problemWith: CheckpointProblem): void },
): void {
  const offer = (checkpoint: AuditCheckpoint) => {
    const follows = audit.follows();
    events.offerCheckpoint(follows ? { ...checkpoint, follows } : checkpoint, (sent) => audit.checkpointProblem(sent));
  };
  audit.onCheckpoint(offer);
  const latest = audit.latestCheckpoint();
  if (latest) offer(latest);
}
