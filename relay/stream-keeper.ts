// The relay keeps its stream: it knows whether the stream is there (asked at each health answer and every
// `checkEveryMs`), makes it again with the link's limits when it is gone (someone deleted it, a server lost its store),
// and a publish that found no stream makes it and tries once more. Counted, and told in one log line each time.
import { JetStreamApiCodes, JetStreamApiError, jetstreamManager } from '@nats-io/jetstream';
import { errors, type NatsConnection } from '@nats-io/transport-node';
import { PHARMACY_STREAM } from '../contract/pharmacy-stream.ts';
import { ensurePharmacyStream } from './stream.ts';

export type StreamPresence = 'present' | 'missing' | 'unknown';

export interface StreamKeeper {
  /** Asks the server now; a missing stream is made again in the background (the answer is what was found). */
  check(): Promise<StreamPresence>;
  /** Makes sure the stream exists before a publish (once per connection unless it went missing). */
  ready(): Promise<void>;
  /** Runs `publish`; when it finds no stream, makes it again and runs it once more. */
  publishing<T>(publish: () => Promise<T>): Promise<T>;
  /** Forget what is known (after a reconnect: the server may have lost its store). */
  reset(): void;
  presence(): StreamPresence;
  recreated(): number;
}

/** A publish or request that found no stream: JetStream answers nobody for the subject, or names it not found. */
export function isStreamGone(error: unknown): boolean {
  if (error instanceof JetStreamApiError) return error.code === JetStreamApiCodes.StreamNotFound;
  const cause = error instanceof Error ? error.cause : undefined;
  return cause instanceof errors.NoRespondersError || /no responders|jetstream is not enabled/i.test(String(error));
}

export function createStreamKeeper(
  connection: () => NatsConnection | null,
  retentionMs: number,
  log: (line: Record<string, unknown>) => void,
): StreamKeeper {
  let presence: StreamPresence = 'unknown';
  let recreated = 0;
  let making: Promise<void> | null = null;
  // A making again still under way: a check or a publish that finds the stream missing meanwhile waits for it.
  let remaking: Promise<void> | null = null;

  const make = (conn: NatsConnection, wasMissing: boolean) => {
    making ??= ensurePharmacyStream(conn, retentionMs).then(
      (outcome) => {
        presence = 'present';
        if (wasMissing && outcome === 'created') {
          recreated++;
          log({ msg: 'stream made again', stream: PHARMACY_STREAM, times: recreated });
        }
      },
      (error: unknown) => {
        making = null;
        throw error;
      },
    );
    return making;
  };
  const makeAgain = (conn: NatsConnection) => {
    if (remaking) return remaking;
    making = null;
    remaking = make(conn, true).finally(() => {
      remaking = null;
    });
    return remaking;
  };

  return {
    presence: () => presence,
    recreated: () => recreated,
    reset() {
      making = null;
      presence = 'unknown';
    },
    async check() {
      const conn = connection();
      presence = 'unknown';
      if (!conn) return presence;
      try {
        await (await jetstreamManager(conn)).streams.info(PHARMACY_STREAM);
        presence = 'present';
      } catch (error) {
        if (!isStreamGone(error)) return presence;
        presence = 'missing';
        makeAgain(conn).catch((error: unknown) =>
          log({ msg: 'stream could not be made again', error: error instanceof Error ? error.message : String(error) }),
        );
        return 'missing';
      }
      return presence;
    },
    async ready() {
      const conn = connection();
      if (!conn) throw new Error('NATS is not connected');
      await make(conn, false);
    },
    async publishing(publish) {
      await this.ready();
      try {
        return await publish();
      } catch (error) {
        const conn = connection();
        if (!conn || !isStreamGone(error)) throw error;
        presence = 'missing';
        await makeAgain(conn);
        return publish();
      }
    },
  };
}
