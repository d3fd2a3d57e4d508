// The events part assembled: inbox, fan-out, listener, reconciliation poller and notifier, started and stopped as one.
import type { Order } from '../../contract/service/orders.ts';
import type { Db } from '../../kits/sqlite/db.ts';
import type { Logger } from '../platform/log/logger.ts';
import type { DriftLog } from '../service/client/drift.ts';
import { type ConnectivityClock, repeatOn } from '../service/connectivity/connectivity-clock.ts';
import { type AuditCheckpoint, type CheckpointProblem, createCheckpointCourier } from './audit-checkpoints.ts';
import { createEventHub, createEventPipeline } from './hub.ts';
import { EventInbox } from './inbox.ts';
import { createWebhookListener, type ListenerCounts, type ListenerStatus, type SecretCheck } from './listener.ts';
import { createNotifier, type Notifier } from './notify/notifier.ts';
import type { NotificationPort, NotificationTarget } from './notify/port.ts';
import { changedSince, interruptionOf, type OrderInterruption } from './order-interrupts.ts';
import { createPharmacyShares, type PharmacyShares } from './pharmacy-shares.ts';
import { createReconciliationPoller, type PollResult } from './poller.ts';
import type { StreamTrust } from './record/stream-trust.ts';
import { createRelayConsumer, type RelayAccess, type RelayState } from './relay-consumer.ts';
import { openEventsDb } from './schema.ts';
import { webhookUrlFor } from './subscribe.ts';
import type { EventListener, StationClient } from './types.ts';
import { createWatchedOrders } from './watched-orders.ts';

const HOUR = 60 * 60 * 1000;

export interface EventSystemOptions {
  /** The app's data folder; events.db lives there (':memory:' in tests that need no file). */
  dataDir: string;
  /** The listener port on 127.0.0.1 (from the settings); 0 picks a free one. */
  port: number;
  publicUrl?: string | null;
  /** The webhook secret, for the listener only (createWebhookSecret(...).current). */
  secret: () => Promise<string | null>;
  client: () => StationClient | null;
  notifications: NotificationPort;
  onNotificationClick: (target: NotificationTarget) => void;
  logger?: Logger;
  /** How each signed delivery fared against the secret (the Events indicator shows a secret changed elsewhere). */
  onSecretCheck?: (check: SecretCheck) => void;
  now?: () => number;
  /** Main's injected clock (tests move it): the poller's timer and, unless `now` is given, the time. */
  clock?: ConnectivityClock | undefined;
  pollIntervalMs?: number;
  coalesceMs?: number;
  /** The station's drift log: what a signed delivery sent that had to be read differently. */
  drift?: DriftLog;
  /** The pharmacy's events relay (NATS), when IT set one up for this station; null or absent: none. */
  relay?: RelayAccess | null;
  onRelayState?: (state: RelayState) => void;
  /** True while the service's webhook pushes here (subscribed, listener up, signed with our secret): polls are a net. */
  webhookPushes?: () => boolean;
  /** Whether a relayed service event or another station's share is believed, from its signature (record/). */
  trust?: StreamTrust;
}

export interface EventSystem {
  /** Opens the inbox, hands on what a crash left undispatched, starts the listener (a busy port is reported in the status, not thrown) and the poller. */
  start(): Promise<ListenerStatus>;
  stop(): Promise<void>;
  /** The machine woke up or the connection came back: poll now. */
  resume(): Promise<PollResult>;
  pollNow(): Promise<PollResult>;
  /** Every new event, once (the renderer subscribes so open views refresh). */
  onEvent(listener: EventListener): () => void;
  /** The workstation changed this order itself: no notification for it for a while. */
  suppress(orderIdOrNumber: string, forMs?: number): void;
  listenerStatus(): ListenerStatus;
  listenerCounts(): ListenerCounts;
  /** The URL to subscribe (the public URL, or the listener's loopback URL); null while the listener is not up. */
  webhookUrl(): string | null;
  /** Another service was chosen: the poller starts over with a silent baseline. */
  resetPoller(): void;
  /**
   * Main served this order to a screen or saved a run on it: the poller reads it by id while it stays open here, and
   * compares with the order as main read it (`order`, when main has it) if it had not seen it before.
   */
  watch(orderId: string, order?: Order): void;
  /**
   * The verification path's question: has this order changed (cancelled, held, items changed) since `sinceMs`? The
   * newest such change main's inbox holds, or null. A run that main started at a known time asks since then.
   */
  changedSince(orderId: string, sinceMs: number): OrderInterruption | null;
  /**
   * Today's verification record path, which has no start time main kept: has the order changed since its run here was
   * last let go (`acknowledge`)? Until then an interruption holds, however often the order is read again.
   */
  changedUnderRun(orderId: string): OrderInterruption | null;
  /** The person let the interrupted run go (dropped it): a new run on the order starts from now. */
  acknowledge(orderId: string): void;
  /** An order open here changed: its run stops (the listener records it and tells the renderer). */
  onInterruption(listener: (interruption: OrderInterruption) => void): () => void;
  /** The relay consumer's state ('stopped' when no relay is configured). */
  relayState(): RelayState;
  /** What the pharmacy's stations share over the relay (claims, verified, stops, reviews); inert without a relay. */
  readonly shares: PharmacyShares;
  /** A signed audit checkpoint this station wrote: sent to the pharmacy's stream while the relay is live. */
  offerCheckpoint(checkpoint: AuditCheckpoint, problemWith: CheckpointProblem): void;
  readonly notifier: Notifier;
}

export function createEventSystem(options: EventSystemOptions): EventSystem {
  const now = options.now ?? options.clock?.now ?? Date.now;
  const log = options.logger;
  const db: Db = openEventsDb(options.dataDir);
  const inbox = new EventInbox(db, now);
  const hub = createEventHub(log);
  const pipeline = createEventPipeline(inbox, hub);
  const notifier = createNotifier({
    port: options.notifications,
    onClick: options.onNotificationClick,
    now,
    ...(options.coalesceMs !== undefined ? { coalesceMs: options.coalesceMs } : {}),
    ...(log ? { logger: log.child('notify') } : {}),
  });
  hub.onEvent((event) => notifier.add(event));
  const watched = createWatchedOrders(now);
  const letGo = new Map<string, number>();
  const interrupted = new Set<(interruption: OrderInterruption) => void>();
  hub.onEvent((event) => {
    const interruption = interruptionOf(event);
    if (!interruption || !watched.has(interruption.orderId)) return;
    for (const listener of [...interrupted]) listener(interruption);
  });
  const listener = createWebhookListener({
    port: options.port,
    publicUrl: options.publicUrl ?? null,
    secret: options.secret,
    sink: pipeline,
    now: () => new Date(now()),
    ...(options.onSecretCheck ? { onSecretCheck: options.onSecretCheck } : {}),
    ...(log ? { logger: log.child('listener') } : {}),
    ...(options.drift ? { drift: options.drift } : {}),
  });
  const poller = createReconciliationPoller({
    client: options.client,
    db,
    sink: pipeline,
    watched: () => watched.list(),
    // With the relay live or the webhook pushing, new orders come pushed: the newest page is only a safety net then.
    quiet: () => relay?.state().state === 'live' || (options.webhookPushes?.() ?? false),
    now,
    ...(options.pollIntervalMs !== undefined ? { intervalMs: options.pollIntervalMs } : {}),
    ...(options.clock ? { every: repeatOn(options.clock) } : {}),
    ...(log ? { logger: log.child('poller') } : {}),
  });
  let relay: ReturnType<typeof createRelayConsumer> | null = null;
  let relayWasLive = false;
  const shares = createPharmacyShares({
    connection: () => relay?.connection() ?? null,
    station: options.relay?.stationName ?? options.relay?.stationId ?? 'this station',
    ...(options.relay?.signingKey ? { key: options.relay.signingKey } : {}),
    ...(options.trust ? { trust: options.trust.station } : {}),
    now,
  });
  const checkpoints = createCheckpointCourier({
    connection: () => relay?.connection() ?? null,
    station: options.relay?.stationName ?? options.relay?.stationId ?? 'this station',
    ...(options.relay?.signingKey ? { key: options.relay.signingKey } : {}),
    ...(log ? { logger: log.child('audit-checkpoints') } : {}),
  });
  relay = options.relay
    ? createRelayConsumer({
        access: options.relay,
        sink: pipeline,
        now,
        onShare: (message) => shares.learn(message),
        ...(options.trust ? { believeService: options.trust.service, believeStation: options.trust.station } : {}),
        onState: (state) => {
          const wasLive = relayWasLive;
          relayWasLive = state.state === 'live';
          options.onRelayState?.(state);
          if (state.state === 'live') checkpoints.retry();
          // The relay lost: the poller reads at once (and every minute after), not at its next quiet tick.
          if (wasLive && state.state === 'failed') void poller.pollNow();
        },
        ...(log ? { logger: log.child('relay') } : {}),
      })
    : null;
  let pruneTimer: ReturnType<typeof setInterval> | null = null;
  let closed = false;

  const prune = () => {
    try {
      inbox.prune();
    } catch (error) {
      log?.warn('inbox prune failed', { error: error instanceof Error ? error.message : String(error) });
    }
  };

  return {
    notifier,
    async start() {
      const replayed = pipeline.replay();
      if (replayed > 0) log?.info('handed on events recorded before the last stop', { replayed });
      prune();
      pruneTimer ??= setInterval(prune, HOUR);
      pruneTimer.unref?.();
      const status = await listener.start();
      poller.start();
      relay?.start();
      return status;
    },
    async stop() {
      if (closed) return;
      closed = true;
      await poller.stop();
      await relay?.stop();
      if (pruneTimer) clearInterval(pruneTimer);
      notifier.stop();
      await listener.stop();
      pipeline.close();
      db.close();
    },
    resume: () => poller.resume(),
    pollNow: () => poller.pollNow(),
    onEvent: (fn) => hub.onEvent(fn),
    suppress: (id, forMs) => notifier.suppress(id, forMs),
    listenerStatus: () => listener.status(),
    listenerCounts: () => listener.counts(),
    webhookUrl() {
      // A public URL tunnels to the listener, so it is of use only while the listener is up too.
      const status = listener.status();
      return status.state === 'listening' ? webhookUrlFor(status.port, options.publicUrl) : null;
    },
    resetPoller() {
      poller.reset();
      watched.clear();
      letGo.clear();
    },
    watch(orderId, order) {
      watched.touch(orderId);
      if (order?.id === orderId) poller.remember(order);
    },
    changedSince: (orderId, sinceMs) => changedSince(db, orderId, sinceMs),
    changedUnderRun: (orderId) => changedSince(db, orderId, letGo.get(orderId) ?? 0),
    acknowledge(orderId) {
      // Strictly after now: an event recorded in this same millisecond still belongs to the run let go.
      letGo.set(orderId, now() + 1);
    },
    onInterruption(listener) {
      interrupted.add(listener);
      return () => {
        interrupted.delete(listener);
      };
    },
    relayState: () => relay?.state() ?? { state: 'stopped' },
    shares,
    offerCheckpoint: (checkpoint, problemWith) => checkpoints.offer(checkpoint, problemWith),
  };
}
