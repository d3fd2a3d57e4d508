// The station's side of the pharmacy's events relay: it connects out to NATS with the credentials IT gave it, reads
// the pharmacy's stream through its own durable consumer, and acknowledges a message only once its inbox has stored
// it (at least once from NATS, exactly once in the inbox by its key). A station that was off gets what it missed.
import { AckPolicy, DeliverPolicy, type JsMsg, jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { stationConsumerName } from '../../contract/pharmacy-link.ts';
import {
  PHARMACY_STREAM,
  SERVICE_SUBJECT_PREFIX,
  STATION_SUBJECT_PREFIX,
  type StationShareMessage,
  serviceEventMessage,
} from '../../contract/pharmacy-stream.ts';
import { parseBoundedJson } from '../../kits/json/bounded-json.ts';
import type { StationKey } from '../../kits/signed-facts/signed-facts.ts';
import { type ServiceTrust, type StationTrust, signatureOf } from '../../kits/signed-facts/signed-messages.ts';
import { deliveredMessage, readShare } from '../../kits/signed-facts/signed-shares.ts';
import type { Logger } from '../platform/log/logger.ts';
import { connectStationNats, natsLoginOf } from './nats-connection.ts';
import { hearRelay } from './relay-heartbeat.ts';
import { relayedEvent } from './relayed-event.ts';
import type { EventSink } from './types.ts';

export interface RelayAccess {
  /** `nats://host:4222`; several for a cluster. */
  servers: string[];
  /** This station's name on the stream (from IT, e.g. `station-3`): it names its durable consumer. */
  stationId: string;
  /** How other stations name this one ("Station 3"); the id when not given. */
  stationName?: string;
  /** This station's NATS user (from IT). */
  user: string;
  /** Read from the keychain when connecting (a password or the station's nkey seed); never kept elsewhere. */
  password: () => Promise<string | null>;
  /** The pharmacy's CA (PEM) for `tls://` servers; absent: Node's own list. */
  tlsCa?: string;
  /** The record key, the NATS login when the policy set the link up; the policy's setting demanding TLS. */
  stationKey?: () => Promise<StationKey>;
  tlsRequiredBy?: string;
  /** The record key this station signs its shares and checkpoints with (what its enrolment vouches for). */
  signingKey?: () => Promise<StationKey>;
}

export type RelayState =
  | { state: 'stopped' }
  | { state: 'connecting'; since: string }
  | { state: 'live'; since: string }
  | { state: 'failed'; since: string; message: string };

export interface RelayConsumerOptions {
  access: RelayAccess;
  sink: EventSink;
  /** Whether a service event is believed, from its signature (absent: every one is, as before enrolment). */
  believeService?: ServiceTrust;
  /** Whether a station's share is believed, from its signature and the record's enrolments (absent: every one is). */
  believeStation?: StationTrust;
  /** A station's share from the stream (claims, verified…); resolves once it is kept. */
  onShare?: (message: StationShareMessage) => Promise<void> | void;
  onState?: (state: RelayState) => void;
  now?: () => number;
  logger?: Logger;
  /** How many messages may wait for the inbox at once (default 256). */
  maxInFlight?: number;
  /** Wait before setting the consumer up again after it ended (default 1 s). */
  retryMs?: number;
}

export interface RelayConsumer {
  start(): void;
  stop(): Promise<void>;
  state(): RelayState;
  /** The live connection, for publishing this station's shares; null while there is none. */
  connection(): NatsConnection | null;
}

/** The consumer's idle heartbeat and the connection's ping: an outage is said within 10 s either way. */
const HEARTBEAT_MS = 3_000;
const PING_MS = 4_000;

export function createRelayConsumer(options: RelayConsumerOptions): RelayConsumer {
  const now = options.now ?? Date.now;
  const log = options.logger;
  const maxInFlight = options.maxInFlight ?? 256;
  let current: RelayState = { state: 'stopped' };
  let nc: NatsConnection | null = null;
  let stopped = true;
  let loop: Promise<void> | null = null;
  let closeMessages: (() => void) | null = null;
  let relaySilent = false;
  let stopHearing = () => {};

  const setState = (next: RelayState) => {
    current = next;
    options.onState?.(next);
  };
  const since = () => new Date(now()).toISOString();
  /** No relay heartbeat for three beats: the relay process is down though NATS answers. */
  const SILENT = 'the events relay sends no heartbeat: it is not running or cannot reach NATS';
  /** Failed for the relay's silence alone: the stations' shares and checkpoints still go over NATS. */
  const onlySilent = () => current.state === 'failed' && current.message === SILENT;
  /** Live no more (the connection dropped, the consumer's or the relay's heartbeats stopped): the poller takes over. */
  const lost = (message: string) => {
    if (current.state !== 'live' && !(onlySilent() && message !== SILENT)) return;
    if (current.state === 'live') log?.warn('the events relay is not reachable', { message });
    setState({ state: 'failed', since: current.state === 'failed' ? current.since : since(), message });
  };
  /** Heard again (reconnected, a heartbeat) while a consumer reads: live again, or failed for the relay's silence. */
  const regained = () => {
    if (current.state !== 'failed' || closeMessages === null || stopped) return;
    if (!relaySilent) setState({ state: 'live', since: since() });
    else if (!onlySilent()) setState({ state: 'failed', since: current.since, message: SILENT });
  };
  const hear = (conn: NatsConnection) => {
    stopHearing();
    const silence = (yes: boolean) => {
      relaySilent = yes;
      if (yes) lost(SILENT);
      else regained();
    };
    stopHearing = hearRelay(conn, { onSilent: () => silence(true), onHeard: () => silence(false), log });
  };
  /** The connection's own status: a drop is known at once (a killed server) or within two missed pings (a frozen one). */
  async function followConnection(conn: NatsConnection): Promise<void> {
    for await (const status of conn.status()) {
      if (status.type === 'disconnect' || status.type === 'staleConnection') lost('NATS is not reachable');
      if (status.type === 'reconnect') regained();
    }
  }

  /** Stores one message, then acknowledges it; a message that is not ours to read is terminated (never redelivered). */
  async function handle(message: JsMsg): Promise<void> {
    // A message that is not ours is terminated with no reason: nats-server 2.9 does not understand a reason and leaves
    // the message pending, to come back at every ack wait.
    if (message.subject.startsWith(`${SERVICE_SUBJECT_PREFIX}.`)) {
      const json = parseBoundedJson(message.string());
      const parsed = serviceEventMessage.safeParse(json.ok ? json.value : null);
      if (!parsed.success) return message.term();
      // Its origin from the relay's signature alone: refused for good, or asked again once the record is read.
      const { signer, signature } = signatureOf(message.headers);
      const belief = options.believeService?.(message.data, signer, signature);
      if (belief === 'not yet') return message.nak(2_000);
      if (belief === 'refused') return message.term();
      await options.sink.accept([relayedEvent(parsed.data, new Date(now()))]);
    } else if (message.subject.startsWith(`${STATION_SUBJECT_PREFIX}.`)) {
      // Believed for a signature an enrolment vouches for, never for the login that published it.
      const read = readShare(deliveredMessage(message), options.believeStation);
      if (read.belief !== 'believed') return read.belief === 'not yet' ? message.nak(2_000) : message.term();
      await options.onShare?.(read.share);
    }
    message.ack();
  }

  async function consumeOnce(conn: NatsConnection, durable: string): Promise<void> {
    const jsm = await jetstreamManager(conn);
    await jsm.consumers.add(PHARMACY_STREAM, {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      max_ack_pending: maxInFlight * 4,
    });
    const consumer = await jetstream(conn).consumers.get(PHARMACY_STREAM, durable);
    const messages = await consumer.consume({
      max_messages: maxInFlight,
      abort_on_missing_resource: true,
      idle_heartbeat: HEARTBEAT_MS,
    });
    closeMessages = () => void messages.close();
    setState(relaySilent ? { state: 'failed', since: since(), message: SILENT } : { state: 'live', since: since() });
    void (async () => {
      for await (const status of messages.status()) {
        if (status.type === 'heartbeats_missed') lost('the pharmacy’s stream sends no heartbeat');
        if (status.type === 'heartbeat') regained();
      }
    })();
    const inFlight = new Set<Promise<void>>();
    for await (const message of messages) {
      // Not acknowledged on a failure: NATS redelivers it after its ack wait, and the inbox dedupes.
      const work: Promise<void> = handle(message)
        .catch((error: unknown) => {
          log?.warn('a relayed event could not be stored', { error: error instanceof Error ? error.message : '' });
          message.nak(1_000);
        })
        .finally(() => inFlight.delete(work));
      inFlight.add(work);
      if (inFlight.size >= maxInFlight) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
  }

  async function run(): Promise<void> {
    const durable = stationConsumerName(options.access.stationId);
    while (!stopped) {
      try {
        if (!nc) {
          nc = await connectStationNats(await natsLoginOf(options.access), durable, {
            reconnect: true,
            maxReconnectAttempts: -1,
            reconnectTimeWait: 250,
            timeout: 5_000,
            // A frozen server is stale after two pings unanswered: about 8 s, inside the 10 s a station has to say so.
            pingInterval: PING_MS,
            maxPingOut: 2,
          });
          void followConnection(nc);
          hear(nc);
        }
        await consumeOnce(nc, durable);
        closeMessages = null;
      } catch (error) {
        closeMessages = null;
        const message = error instanceof Error ? error.message : String(error);
        if (stopped) break;
        // Said once per outage (and again when the reason changes), not at every retry.
        if (current.state !== 'failed' || current.message !== message) {
          log?.warn('the events relay is not reachable', { message });
        }
        setState({ state: 'failed', since: current.state === 'failed' ? current.since : since(), message });
        if (/authorization/i.test(message)) {
          await nc?.close().catch(() => undefined);
          nc = null;
        }
      }
      if (!stopped) await new Promise((resolve) => setTimeout(resolve, options.retryMs ?? 1_000));
    }
  }

  return {
    state: () => current,
    connection: () => (current.state === 'live' || onlySilent() ? nc : null),
    start() {
      if (!stopped) return;
      stopped = false;
      setState({ state: 'connecting', since: since() });
      loop = run();
    },
    async stop() {
      stopped = true;
      stopHearing();
      closeMessages?.();
      const conn = nc;
      nc = null;
      await conn?.close().catch(() => undefined);
      await loop;
      setState({ state: 'stopped' });
    },
  };
}
