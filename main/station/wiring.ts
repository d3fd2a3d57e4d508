// Builds the station's parts in order (lock, settings, backend, keychain, session, outbox, audit log, events) and ties their events
// to the renderer's; anything started before a failure is stopped again.
import { mkdir } from 'node:fs/promises';
import { createAuditLog } from '../audit/index.ts';
import { createEventSystem, createWebhookSecret, webhookSecretAccount } from '../events/index.ts';
import { createLogger, type Logger } from '../log/logger.ts';
import type { NotificationPort } from '../notify/port.ts';
import { createOutbox } from '../outbox/index.ts';
import { createReadCache } from '../reads/read-cache.ts';
import { createSession, keychainServiceName, openSecretStore } from '../session/index.ts';
import { loadSettings } from '../settings/index.ts';
import { createVerifyRuns } from '../verify-runs/store.ts';
import { openBackend } from './backend.ts';
import { createConnectivity } from './connectivity.ts';
import { probeService } from './connectivity-clock.ts';
import { lockDataDir } from './data-lock.ts';
import { createStationEmitter } from './emitter.ts';
import type { StationParts } from './parts.ts';
import { createPharmacistConfirmations } from './pharmacist-confirm.ts';
import { createRecentEvents } from './recent-events.ts';
import type { StationOptions } from './station.ts';
import { createSubscriber } from './subscription.ts';

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Without a desktop (the browser shell) the renderer already gets every event; the notification is only logged. */
function loggedNotifications(log: Logger): NotificationPort {
  return {
    show: (n) => log.debug('notification (no desktop notifications in this shell)', { title: n.title, count: n.count }),
  };
}

/** Runs the registered stops in reverse order; one failing stop does not keep the others from running. */
function stopList(log: Logger) {
  const stops: { what: string; stop: () => Promise<unknown> }[] = [];
  return {
    add: (what: string, stop: () => Promise<unknown>) => stops.push({ what, stop }),
    async run() {
      for (const { what, stop } of stops.reverse()) {
        await stop().catch((error: unknown) => log.warn(`stopping the ${what} failed`, { error: reasonOf(error) }));
      }
      stops.length = 0;
    },
  };
}

export async function wireStation(options: StationOptions): Promise<StationParts> {
  const log = options.log ?? createLogger({ scope: 'station' });
  const { dataDir } = options;
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const stops = stopList(log);
  try {
    stops.add('data folder lock', await lockDataDir(dataDir));
    const running = await loadSettings(dataDir, log.child('settings'));
    const backend = await openBackend(running, options, log);
    stops.add('training service', () => backend.stop());
    const openSecrets = options.openSecrets ?? ((name: string) => openSecretStore(name, log.child('keychain')));
    const secrets = await openSecrets(keychainServiceName(backend.serviceId));
    const session = createSession({
      baseUrl: backend.baseUrl,
      secrets,
      dataDir,
      log: log.child('session'),
      serviceId: backend.serviceId,
    });
    // Locked keeps background work going (outbox, poller); only signed out stops it.
    const client = () => (session.state().status === 'signed_out' ? null : session.client());
    const outbox = createOutbox({
      dataDir,
      client,
      log: log.child('outbox'),
      actor: () => {
        const user = session.state().user;
        return user ? (user.id ?? user.email) : null;
      },
    });
    stops.add('outbox', () => outbox.close());
    const audit = createAuditLog({ dataDir, serviceId: backend.serviceId, log: log.child('audit') });
    stops.add('audit log', async () => audit.close());
    const confirmations = createPharmacistConfirmations({ session, log: log.child('sign-off') });
    const verifyRuns = createVerifyRuns({ dataDir, serviceId: backend.serviceId });
    stops.add('verification runs', async () => verifyRuns.close());
    const emitter = createStationEmitter(log);
    const webhookAccount = webhookSecretAccount(backend.serviceId);
    const webhookSecret = createWebhookSecret(secrets, webhookAccount);
    const events = createEventSystem({
      dataDir,
      port: options.listenerPort ?? running.listenerPort,
      publicUrl: running.publicWebhookUrl,
      secret: () => webhookSecret.current(),
      client,
      notifications: options.notifications ?? loggedNotifications(log),
      onNotificationClick: (target) => emitter.emit('notification.clicked', { orderId: target.orderId }),
      logger: log.child('events'),
    });
    stops.add('event system', () => events.stop());
    const subscriber = createSubscriber({
      dataDir,
      serviceId: backend.serviceId,
      client,
      events,
      secret: webhookSecret,
      log: log.child('subscription'),
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
      backend,
      (view, cameBack) => {
        emitter.emit('connectivity.changed', view);
        if (cameBack) void resume();
      },
      { probe: (timeoutMs) => probeService(backend.baseUrl, timeoutMs) },
    );
    stops.add('connectivity probes', async () => connectivity.stop());
    const reads = createReadCache();
    // Patient data read this session leaves memory with the person: at sign-out, and when someone else signs in.
    session.onChange(({ state, reason }) => {
      if (reason === 'signed_out' || reason === 'refresh_refused' || reason === 'signed_in') reads.clear();
      if (state.user) confirmations.learn(state.user.id, state.user.email);
      emitter.emit('session.changed', { state, reason });
      if (reason === 'signed_in' || reason === 'restored') subscriber.subscribe();
      if (reason === 'signed_in' || reason === 'restored' || reason === 'unlocked') outbox.wake();
    });
    events.onEvent((event) => {
      recent.add(event);
      emitter.emit('order.event', event);
    });
    outbox.onChange((change) => emitter.emit('outbox.changed', { counts: change.counts, ids: change.ids }));

    connectivity.setListener(await events.start());
    outbox.start();
    await session
      .restore()
      .catch((error: unknown) => log.warn('the sign-in could not be restored', { error: reasonOf(error) }));

    return {
      options,
      log,
      backend,
      running,
      secrets,
      session,
      outbox,
      audit,
      confirmations,
      verifyRuns,
      events,
      webhookSecret,
      webhookAccount,
      connectivity,
      reads,
      recent,
      emitter,
      resume,
      async close() {
        emitter.clear();
        await stops.run();
        log.info('station closed');
      },
    };
  } catch (error) {
    await stops.run();
    throw error;
  }
}
