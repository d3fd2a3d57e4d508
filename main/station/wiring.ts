// Builds the station's parts in order (lock, settings, backend, keychain, session, outbox, audit log, events) and ties their events
// to the renderer's; anything started before a failure is stopped again.
import { mkdir } from 'node:fs/promises';
import { createEventSystem } from '../events/index.ts';
import { createLogger } from '../log/logger.ts';
import { createOutbox } from '../outbox/index.ts';
import { loadSettingsUnderPolicy, serviceSetByPolicy } from '../policy/policy-locks.ts';
import { createPrintTickets } from '../print/print-tickets.ts';
import { createReadCache } from '../reads/read-cache.ts';
import { createDriftLog } from '../service/index.ts';
import { createConnectivity } from './connectivity.ts';
import { probeService } from './connectivity-clock.ts';
import { lockDataDir } from './data-lock.ts';
import { createStationEmitter } from './emitter.ts';
import { createEventsStatus } from './events-status.ts';
import { followOrderChanges } from './interruptions.ts';
import type { StationOptions } from './options.ts';
import type { StationParts } from './parts.ts';
import { createPharmacistConfirmations } from './pharmacist-confirm.ts';
import { relayAccess } from './pharmacy-channels.ts';
import { keepDataFolderPrivate } from './private-files.ts';
import { createRecentEvents } from './recent-events.ts';
import { bindService, type ServiceBinding, serviceDiffers } from './service-binding.ts';
import { isServiceConfirmed } from './service-trust.ts';
import { loggedNotifications, reasonOf, stopList } from './stop-list.ts';
import { createSubscriber } from './subscription.ts';

export async function wireStation(options: StationOptions): Promise<StationParts> {
  const log = options.log ?? createLogger({ scope: 'station' });
  const { dataDir } = options;
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  // mkdir's mode applies only when it makes the folder: one made by an installer or an older build (and everything in
  // it, logs/ included) is tightened here.
  await keepDataFolderPrivate(dataDir, log);
  const stops = stopList(log);
  try {
    stops.add('data folder lock', await lockDataDir(dataDir));
    const running = await loadSettingsUnderPolicy(dataDir, options.policy, log.child('settings'));
    // Drift the clients had to read around (the admin's panel): one log for every service this station is bound to.
    const drift = createDriftLog({ log: log.child('service-drift') });
    // The service-bound parts (backend, keychain, session, audit view, webhook secret): replaced by switchService.
    let bound = await bindService(running, options, log, drift);
    stops.add('service', () => bound.close());
    // Locked keeps background work going (outbox, poller); only signed out stops it.
    const client = () => (bound.session.state().status === 'signed_out' ? null : bound.session.client());
    const outbox = createOutbox({
      dataDir,
      client,
      log: log.child('outbox'),
      actor: () => {
        const user = bound.session.state().user;
        return user ? (user.id ?? user.email) : null;
      },
    });
    stops.add('outbox', () => outbox.close());
    // Checks a pharmacist's password against whichever service the station is bound to now.
    const confirmations = createPharmacistConfirmations({
      get session() {
        return bound.session;
      },
      log: log.child('sign-off'),
      now: options.now,
    });
    const printTickets = createPrintTickets(options.now);
    const emitter = createStationEmitter(log);
    // Bound below, once connectivity exists; nothing reports before the listener starts.
    let connectivityRef: ReturnType<typeof createConnectivity> | null = null;
    const eventsStatus = createEventsStatus((view) => connectivityRef?.setEvents(view));
    const events = createEventSystem({
      dataDir,
      port: options.listenerPort ?? running.listenerPort,
      publicUrl: running.publicWebhookUrl,
      secret: () => bound.webhookSecret.current(),
      client,
      drift,
      notifications: options.notifications ?? loggedNotifications(log),
      onNotificationClick: (target) => emitter.emit('notification.clicked', { orderId: target.orderId }),
      logger: log.child('events'),
      onSecretCheck: (check) => eventsStatus.secretChecked(check),
      relay: relayAccess(running, () => bound.secrets),
      onRelayState: (state) => eventsStatus.setRelay(state),
    });
    stops.add('event system', () => events.stop());
    const subscriber = createSubscriber({
      dataDir,
      serviceId: () => bound.backend.serviceId,
      client,
      events,
      secret: () => bound.webhookSecret,
      log: log.child('subscription'),
      onStart: () => eventsStatus.subscribing(),
      onResult: (result) => eventsStatus.subscribed(result),
    });
    stops.add('webhook subscription', () => subscriber.settled());

    const recent = createRecentEvents();
    const resume = async () => {
      outbox.wake();
      await events
        .resume()
        .catch((error: unknown) => log.warn('polling after resume failed', { error: reasonOf(error) }));
    };
    const connectivity = createConnectivity(
      () => bound.backend,
      (view, cameBack) => {
        emitter.emit('connectivity.changed', view);
        if (cameBack) void resume();
      },
      { probe: (timeoutMs) => probeService(bound.backend.baseUrl, timeoutMs) },
    );
    stops.add('connectivity probes', async () => connectivity.stop());
    connectivityRef = connectivity;
    connectivity.setEvents(eventsStatus.view());
    connectivity.setServiceConfirmed(
      serviceSetByPolicy(options.policy, bound.backend) || (await isServiceConfirmed(dataDir, bound.backend)),
    );
    const reads = createReadCache();

    const followSession = (binding: ServiceBinding) =>
      binding.session.onChange(({ state, reason }) => {
        // Patient data read, pharmacists' confirmations and prepared documents leave with the person (sign-out, another).
        const ended = reason === 'signed_out' || reason === 'refresh_refused' || reason === 'signed_in';
        if (ended) for (const held of [reads, confirmations, printTickets]) held.clear();
        if (state.user) confirmations.learn(state.user.id, state.user.email);
        eventsStatus.setSignedIn(state.status !== 'signed_out');
        emitter.emit('session.changed', { state, reason });
        if (reason === 'signed_in' || reason === 'restored') subscriber.subscribe();
        if (reason === 'signed_in' || reason === 'restored' || reason === 'unlocked') outbox.wake();
        // A service chosen while someone was signed in applies now, before the next sign-in.
        if (state.status === 'signed_out') void parts.switchService();
      });
    followSession(bound);
    // The audit log's signed checkpoints go to the pharmacy's stream (where a relay is configured): an off-machine copy.
    const shareCheckpoints = (binding: ServiceBinding) => {
      binding.audit.onCheckpoint((checkpoint) => events.offerCheckpoint(checkpoint));
      const latest = binding.audit.latestCheckpoint();
      if (latest) events.offerCheckpoint(latest);
    };
    shareCheckpoints(bound);
    events.onEvent((event) => {
      recent.add(event);
      emitter.emit('order.event', event);
    });
    followOrderChanges(events, () => parts);
    outbox.onChange((change) => emitter.emit('outbox.changed', { counts: change.counts, ids: change.ids }));

    let switching: Promise<'switched' | 'unchanged' | 'refused'> = Promise.resolve('unchanged');
    /** Applies the saved service while nobody is signed in; one switch at a time. */
    async function switchOnce(): Promise<'switched' | 'unchanged' | 'refused'> {
      if (bound.session.state().status !== 'signed_out') return 'unchanged';
      const saved = await loadSettingsUnderPolicy(dataDir, options.policy, log.child('settings'));
      if (!serviceDiffers(saved, parts.running)) return 'unchanged';
      const counts = outbox.counts();
      if (counts.queued + counts.sending + counts.failed > 0) {
        // Those writes belong to the current service: sending them to another one would be wrong, dropping them worse.
        log.warn('the new service waits: task writes for the current one are not sent yet', {
          queued: counts.queued,
          failed: counts.failed,
        });
        return 'refused';
      }
      const next = await bindService(saved, options, log, drift);
      const previous = bound;
      bound = next;
      Object.assign(parts, {
        backend: next.backend,
        secrets: next.secrets,
        session: next.session,
        audit: next.audit,
        verifyRuns: next.verifyRuns,
        webhookSecret: next.webhookSecret,
        webhookAccount: next.webhookAccount,
        running: { ...parts.running, backend: saved.backend, baseUrl: saved.baseUrl },
      });
      followSession(next);
      shareCheckpoints(next);
      // What the poller and the recent list knew was about the other service.
      events.resetPoller();
      recent.clear();
      reads.clear();
      eventsStatus.setSignedIn(false);
      await previous
        .close()
        .catch((error: unknown) => log.warn('closing the previous service failed', { error: reasonOf(error) }));
      log.info('switched service; it applies from this sign-in', { backend: next.backend.kind });
      connectivity.setServiceConfirmed(
        serviceSetByPolicy(options.policy, next.backend) || (await isServiceConfirmed(dataDir, next.backend)),
      );
      return 'switched';
    }

    const parts: StationParts = {
      options,
      log,
      backend: bound.backend,
      running,
      secrets: bound.secrets,
      session: bound.session,
      outbox,
      audit: bound.audit,
      verifyRuns: bound.verifyRuns,
      confirmations,
      printTickets,
      events,
      webhookSecret: bound.webhookSecret,
      webhookAccount: bound.webhookAccount,
      eventsStatus,
      subscriber,
      connectivity,
      drift,
      reads,
      recent,
      emitter,
      resume,
      switchService() {
        switching = switching.then(switchOnce, switchOnce).catch((error: unknown) => {
          log.warn('the new service could not be started; the station keeps the current one', {
            error: reasonOf(error),
          });
          return 'refused' as const;
        });
        return switching;
      },
      async close() {
        emitter.clear();
        await switching.catch(() => undefined);
        await stops.run();
        log.info('station closed');
      },
    };

    const listening = await events.start();
    connectivity.setListener(listening);
    eventsStatus.setListener(listening);
    outbox.start();
    await bound.session
      .restore()
      .catch((error: unknown) => log.warn('the sign-in could not be restored', { error: reasonOf(error) }));
    return parts;
  } catch (error) {
    await stops.run();
    throw error;
  }
}
