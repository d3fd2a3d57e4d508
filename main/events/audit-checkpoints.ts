// The station's audit checkpoints go to the pharmacy's stream (where a relay is configured): an off-machine copy of
// "this chain had N records, the last hashing H", signed under the chain's key, that `npm run audit -- verify --stream`
// holds the local chain against. The newest checkpoint is sent once the relay is live; one not sent yet waits for it.
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  type AuditCheckpointMessage,
  auditCheckpointMessage,
  auditSubject,
  PHARMACY_STREAM,
} from '../../contract/pharmacy-stream.ts';
import type { Logger } from '../platform/log/logger.ts';
import { connectStationNats, type NatsLogin } from './nats-connection.ts';

export type AuditCheckpoint = Omit<AuditCheckpointMessage, 'station'>;

export interface CheckpointCourier {
  /** A checkpoint the audit log wrote: sent now when the relay is live, else when it is. */
  offer(checkpoint: AuditCheckpoint): void;
  /** The relay came (back): send what waits. */
  retry(): void;
  /** Resolves when nothing is on its way. */
  settled(): Promise<void>;
}

const keyOf = (c: AuditCheckpoint) => `${c.chainId}:${c.records}:${c.head}`;

export function createCheckpointCourier(options: {
  connection: () => NatsConnection | null;
  station: string;
  logger?: Logger;
}): CheckpointCourier {
  let waiting: AuditCheckpoint | null = null;
  let sent: string | null = null;
  let flight: Promise<void> = Promise.resolve();

  async function send(): Promise<void> {
    const checkpoint = waiting;
    const nc = options.connection();
    if (!checkpoint || !nc || keyOf(checkpoint) === sent) return;
    const message = auditCheckpointMessage.parse({ ...checkpoint, station: options.station.slice(0, 100) });
    try {
      await jetstream(nc).publish(auditSubject(checkpoint.chainId), JSON.stringify(message), {
        msgID: `audit-${keyOf(checkpoint)}`.slice(0, 200),
      });
      sent = keyOf(checkpoint);
      if (waiting === checkpoint) waiting = null;
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
    offer(checkpoint) {
      if (waiting && waiting.chainId === checkpoint.chainId && waiting.records > checkpoint.records) return;
      waiting = checkpoint;
      kick();
    },
    retry: kick,
    settled: () => flight,
  };
}

/** The newest checkpoint of `chainId` the pharmacy's stream holds, or null when it holds none. */
export async function streamCheckpoint(nc: NatsConnection, chainId: string): Promise<AuditCheckpointMessage | null> {
  const jsm = await jetstreamManager(nc);
  let stored: Awaited<ReturnType<typeof jsm.streams.getMessage>>;
  try {
    stored = await jsm.streams.getMessage(PHARMACY_STREAM, { last_by_subj: auditSubject(chainId) });
  } catch (error) {
    if (/no message found|not found/i.test(error instanceof Error ? error.message : String(error))) return null;
    throw error;
  }
  if (!stored) return null;
  const parsed = auditCheckpointMessage.safeParse(stored.json());
  return parsed.success ? parsed.data : null;
}

/** Connects once with these credentials, reads the newest checkpoint of `chainId` from the stream, and disconnects. */
export async function readStreamCheckpoint(
  access: { servers: string[]; user: string; pass: string | null } & Pick<NatsLogin, 'tlsCa' | 'tlsRequiredBy'>,
  chainId: string,
): Promise<AuditCheckpointMessage | null> {
  const { servers, user, pass, ...tls } = access;
  const login = { servers, stationId: user, secret: pass, ...tls };
  const nc = await connectStationNats(login, 'audit-verify', { reconnect: false, timeout: 5_000 });
  try {
    return await streamCheckpoint(nc, chainId);
  } finally {
    await nc.close();
  }
}

/**
 * Sends an audit log's signed checkpoints to the pharmacy's stream (where a relay is configured): each one as it is
 * stored, and the newest at once. An off-machine copy the audit check compares against.
 */
export function shareCheckpointsOf(
  audit: {
    onCheckpoint(listener: (checkpoint: AuditCheckpoint) => void): () => void;
    latestCheckpoint(): AuditCheckpoint | null;
  },
  events: { offerCheckpoint(checkpoint: AuditCheckpoint): void },
): void {
  audit.onCheckpoint((checkpoint) => events.offerCheckpoint(checkpoint));
  const latest = audit.latestCheckpoint();
  if (latest) events.offerCheckpoint(latest);
}
