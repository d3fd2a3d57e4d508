// Opens the pharmacy's record for this station: on NATS JetStream when IT set the station up for the pharmacy's relay
// (the same servers and credentials as the relay consumer), else the embedded record on this station's own SQLite. The
// station's signing key comes from the OS keychain. Whether the shared record is reachable goes to the Events view.
import { connect } from '@nats-io/transport-node';
import type { EventsStatus } from '../events/events-status.ts';
import { relayAccess } from '../events/pharmacy-channels.ts';
import { createEmbeddedRecord } from '../events/record/embedded-record.ts';
import { createNatsRecord } from '../events/record/nats-record.ts';
import type { PharmacyRecord } from '../events/record/record.ts';
import { RecordView } from '../events/record/record-view.ts';
import { loadStationKey } from '../events/record/station-key.ts';
import { APP_NAME, openSecretStore } from '../platform/keychain/keychain.ts';
import type { SecretStore } from '../platform/keychain/secret-store.ts';
import type { Logger } from '../platform/log/logger.ts';
import type { Settings } from '../service/settings/index.ts';
import type { StationOptions } from './options.ts';

/** The keychain service that holds the station's record key: one per station, whichever service it is bound to. */
export const RECORD_KEYCHAIN_SERVICE = `${APP_NAME} (pharmacy record)`;

/** Between pings to NATS, and how many may go unanswered: a silent server is noticed within 10 s (3 × 3 s). */
const PING_MS = 3_000;
const PINGS_MISSED = 2;

export async function openPharmacyRecord(
  options: Pick<StationOptions, 'dataDir' | 'openSecrets' | 'now'>,
  running: Settings,
  secrets: () => SecretStore,
  station: {
    log: Logger;
    stops: { add(name: string, stop: () => Promise<void>): void };
    /** Told whether the shared record is reachable (the status bar says so). */
    eventsStatus: Pick<EventsStatus, 'setRecord'>;
  },
): Promise<PharmacyRecord> {
  const { log } = station;
  const keychain = await (options.openSecrets ?? ((name) => openSecretStore(name, log.child('keychain'))))(
    RECORD_KEYCHAIN_SERVICE,
  );
  const key = await loadStationKey(keychain);
  const view = RecordView.inFolder(options.dataDir);
  const now = options.now ?? Date.now;
  const access = relayAccess(running, secrets);
  const record = access
    ? createNatsRecord({
        view,
        key,
        now,
        stationName: access.stationName ?? access.stationId,
        log: log.child('record'),
        connect: async () =>
          connect({
            servers: access.servers,
            user: access.user,
            pass: (await access.password()) ?? '',
            name: `record ${access.stationId}`,
            maxReconnectAttempts: -1,
            waitOnFirstConnect: true,
            pingInterval: PING_MS,
            maxPingOut: PINGS_MISSED,
          }),
      })
    : createEmbeddedRecord({ view, key, now, stationName: running.eventsRelayName ?? 'this station' });
  log.info('the pharmacy record is open', { kind: record.kind });
  const tell = () => {
    const status = record.status();
    if (status.state === 'embedded') return;
    const { state, since, pending, conflicts } = status;
    station.eventsStatus.setRecord({ state, since, pending, conflicts });
  };
  const stopTelling = record.onChange(tell);
  tell();
  station.stops.add('pharmacy record', async () => {
    stopTelling();
    await record.close();
  });
  return record;
}
