// Builds the station's parts in order (lock, settings, backend, keychain, session, outbox, audit log, events) and ties their events
// to the renderer's; anything started before a failure is stopped again.
import { mkdir } from 'node:fs/promises';
import { shareCheckpointsOf } from '../events/audit-checkpoints.ts';
import { createEventsStatus } from '../events/events-status.ts';
import { createEventSystem, relayAccess } from '../events/index.ts';
import { createRecentEvents } from '../events/recent-events.ts';
import { trustOnceOpen } from '../events/record/stream-trust.ts';
import { createSubscriber } from '../events/subscription.ts';
import { lockDataDir } from '../platform/data-folder/data-lock.ts';
import { keepDataFolderPrivate } from '../platform/data-folder/private-files.ts';
import { createLogger } from '../platform/log/logger.ts';
import { createReadCache } from '../service/calls/read-cache.ts';
import { createDriftLog } from '../service/client/index.ts';
import type { Connectivity } from '../service/connectivity/connectivity.ts';
import { createHeardFetch } from '../service/connectivity/heard-fetch.ts';
import { createOutbox, queuedByOf } from '../service/outbox/index.ts';
import { createPharmacistConfirmations, keepRefusalIn } from '../service/session/pharmacist-confirm.ts';
import { loadSettingsUnderPolicy, type Settings, seedFreshTrainingInstall } from '../service/settings/index.ts';
import { createPrintTickets } from '../work/print/print-tickets.ts';
import { createStationEmitter } from './emitter.ts';
import { followOrderChanges } from './interruptions.ts';
import type { StationOptions } from './options.ts';
import type { StationParts } from './parts.ts';
import { openPharmacyRecord } from './pharmacy-record.ts';
import { followRecordAlarms } from './record-alarms.ts';
import { bindService, type ServiceBinding, serviceDiffers } from './service-binding.ts';
import { connectivityOf, resumeWith, serviceTrusted } from './station-connectivity.ts';
import { keepStockTaken } from './stock-taken.ts';
import { loggedNotifications, reasonOf, stopList } from './stop-list.ts';

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
    const policyService = Boolean(options.policy?.policy.serviceUrl);
    await seedFreshTrainingInstall(dataDir, { serviceSetByPolicy: policyService }, log.child('settings'));
    const running = await loadSettingsUnderPolicy(dataDir, options.policy, log.child('settings'));
    // Drift the clients had to read around (the admin's panel): one log for every service this station is bound to.
    const drift = createDriftLog({ log: log.child('service-drift') });
    // The service-bound parts (backend, keychain, session, audit view, webhook secret): replaced by switchService.
    // Every service request tells connectivity what it heard, so an idle station probes only when nothing spoke.
    const heard = createHeardFetch(options.fetch);
    const serviceOptions: StationOptions = { ...options, fetch: heard.fetch };
    let bound = await bindService(running, serviceOptions, log, drift);
    stops.add('service', () => bound.close());
    // Locked keeps background work going (outbox, poller); only signed out stops it.
    const client = () => (bound.session.state().status === 'signed_out' ? null : bound.session.client());
    const outbox = createOutbox({
      dataDir,
      client,
      log: log.child('outbox'),
      signedIn: () => queuedByOf(bound.session.state()),
      onStockTaken: keepStockTaken(() => bound),
    });
    stops.add('outbox', () => outbox.close());
    // Checks a pharmacist's password against whichever service the station is bound to now.
    const confirmations = createPharmacistConfirmations({
      get session() {
        return bound.session;
      },
      log: log.child('sign-off'),
      now: options.now,
      keepRefusal: keepRefusalIn(() => bound, log),
    });
    const printTickets = createPrintTickets(options.now);
    const emitter = createStationEmitter(log);
    // Bound below, once connectivity exists; nothing reports before the listener starts.
    let connectivityRef: Connectivity | null = null;
    const eventsStatus = createEventsStatus((view) => connectivityRef?.setEvents(view));
    const opening = openPharmacyRecord(options, running, () => bound.secrets, { log, stops, eventsStatus, emitter });
    // Service events wait until the record (which holds the relay's enrolment) is open.
    const trust = trustOnceOpen();
    const alarms = options.notifications ?? loggedNotifications(log);
    const events = createEventSystem({
      dataDir,
      port: options.listenerPort ?? running.listenerPort,
      publicUrl: running.publicWebhookUrl,
      secret: () => bound.webhookSecret.current(),
      client,
      drift,
      notifications: alarms,
      onNotificationClick: (target) => emitter.emit('notification.clicked', { orderId: target.orderId }),
      logger: log.child('events'),
      onSecretCheck: (check) => eventsStatus.secretChecked(check),
      relay: relayAccess(running, () => bound.secrets, { ...options.policy, record: opening }),
      onRelayState: (state) => eventsStatus.setRelay(state),
      webhookPushes: () => eventsStatus.view().path === 'webhook',
      trust,
      clock: options.clock,
    });
    stops.add('event system', () => events.stop());
    const { record, keyKept, ...opened } = await opening;
    trust.open(opened.trust);
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
    const resume = resumeWith(outbox, events, log);
    const connectivity = connectivityOf(() => bound, emitter, resume, heard, options);
    stops.add('connectivity probes', async () => connectivity.stop());
    connectivityRef = connectivity;
    connectivity.setEvents(eventsStatus.view());
    connectivity.setServiceConfirmed(await serviceTrusted(options, bound));
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
        if (state.status === 'signed_out') void switchService();
      });
    followSession(bound);
    shareCheckpointsOf(bound.audit, events);
    events.onEvent((event) => {
      recent.add(event);
      emitter.emit('order.event', event);
    });
    followOrderChanges(events, () => parts);
    stops.add(
      'record alarms',
      followRecordAlarms(events, () => parts, { record, notifications: alarms, emitter, log }),
    );
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
      const next = await bindService(saved, serviceOptions, log, drift);
      const previous = bound;
      bound = next;
      // The service-bound parts are replaced whole: a new frozen value, never the old one changed in place.
      parts = partsOf(next, { ...parts.running, backend: saved.backend, baseUrl: saved.baseUrl });
      followSession(next);
      shareCheckpointsOf(next.audit, events);
      // What the poller and the recent list knew was about the other service.
      events.resetPoller();
      recent.clear();
      reads.clear();
      eventsStatus.setSignedIn(false);
      await previous
        .close()
        .catch((error: unknown) => log.warn('closing the previous service failed', { error: reasonOf(error) }));
      log.info('switched service; it applies from this sign-in', { backend: next.backend.kind });
      connectivity.setServiceConfirmed(await serviceTrusted(options, next));
      return 'switched';
    }

    function switchService(): Promise<'switched' | 'unchanged' | 'refused'> {
      switching = switching.then(switchOnce, switchOnce).catch((error: unknown) => {
        log.warn('the new service could not be started; the station keeps the current one', {
          error: reasonOf(error),
        });
        return 'refused' as const;
      });
      return switching;
    }
    async function close(): Promise<void> {
      emitter.clear();
      await switching.catch(() => undefined);
      await stops.run();
      log.info('station closed');
    }
    const current = () => parts;
    const fixed = {
      options,
      log,
      outbox,
      confirmations,
      printTickets,
      events,
      record,
      recordKeyKept: keyKept,
      eventsStatus,
      subscriber,
      connectivity,
      drift,
      reads,
      recent,
      emitter,
      resume,
      switchService,
      current,
      close,
    };
    /** The station's parts with one service's binding: a frozen value, made again whole on a switch. */
    const partsOf = (binding: ServiceBinding, settings: Settings): StationParts =>
      Object.freeze({
        ...fixed,
        running: settings,
        backend: binding.backend,
        secrets: binding.secrets,
        session: binding.session,
        audit: binding.audit,
        verifyRuns: binding.verifyRuns,
        webhookSecret: binding.webhookSecret,
        webhookAccount: binding.webhookAccount,
      });
    let parts = partsOf(bound, running);

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
