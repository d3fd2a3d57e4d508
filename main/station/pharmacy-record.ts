// Opens the pharmacy's record for this station: on NATS JetStream when IT set the station up for the pharmacy's relay
// (the same servers and credentials as the relay consumer), else the embedded record on this station's own SQLite. The
// station's signing key comes from the OS keychain (or memory for this run, said on every screen: `keyKept`). Whether
// the shared record is reachable goes to the Events view.
import type { FactOf, RecordFact } from '../../contract/pharmacy-record.ts';
import { enrolmentCode, keyFingerprint } from '../../kits/signed-facts/enrolment-code.ts';
import type { StationKey } from '../../kits/signed-facts/signed-facts.ts';
import type { EventsStatus } from '../events/events-status.ts';
import { relayAccess } from '../events/index.ts';
import { connectStationNats, isNkeySeed, natsLoginOf } from '../events/nats-connection.ts';
import type { DesktopNotification } from '../events/notify/port.ts';
import { createEmbeddedRecord } from '../events/record/embedded-record.ts';
import {
  NO_PHARMACY_KEY,
  ownFactsOnly,
  serviceEventTrust,
  stationMessageTrust,
} from '../events/record/enrolment-trust.ts';
import { createNatsRecord } from '../events/record/nats-record.ts';
import type { PharmacyRecord } from '../events/record/record.ts';
import { RecordView } from '../events/record/record-view.ts';
import { loadStationKey } from '../events/record/station-key.ts';
import type { StreamTrust } from '../events/record/stream-trust.ts';
import { APP_NAME, openSecretStore } from '../platform/keychain/keychain.ts';
import type { SecretStore, SecretStoreKind } from '../platform/keychain/secret-store.ts';
import type { Logger } from '../platform/log/logger.ts';
import type { Settings } from '../service/settings/index.ts';
import { watchPharmacySettings } from '../service/settings/settings-changes.ts';
import type { StationEmitter } from './emitter.ts';
import type { StationOptions } from './options.ts';
import { loggedNotifications } from './stop-list.ts';

/** The keychain service that holds the station's record key: one per station, whichever service it is bound to. */
export const RECORD_KEYCHAIN_SERVICE = `${APP_NAME} (pharmacy record)`;

/** Between pings to NATS, and how many may go unanswered: a silent server is noticed within 10 s (3 × 3 s). */
const PING_MS = 3_000;
const PINGS_MISSED = 2;

/** The pharmacist's alarm for an order verified at two stations (one of them while the record was away). */
export function conflictAlarm(fact: FactOf<'conflict_found'>, click: () => void): DesktopNotification {
  const order = fact.order_number ? `Order ${fact.order_number}` : 'An order';
  const other = fact.verified_at ? ` and at ${fact.verified_at}` : ' and at another station';
  return {
    title: 'Order verified twice',
    body: `${order} was verified at ${fact.station.name} while the pharmacy record could not be reached${other}. A pharmacist checks which label went out.`,
    orderId: fact.order_id,
    count: 1,
    eventKeys: [`record.conflict:${fact.id}`],
    click,
  };
}

/** The alarm for a fact signed by a key no enrolment of the pharmacy vouches for (shown, never obeyed). */
export function strangerAlarm(key: string, fact: RecordFact, click: () => void): DesktopNotification {
  return {
    title: 'A station that is not ours wrote to the record',
    body: `A station calling itself ${fact.station.name} (key ${keyFingerprint(key)}) wrote to the pharmacy record without being enrolled. Nothing it wrote is shown or obeyed; tell IT.`,
    orderId: null,
    count: 1,
    eventKeys: [`record.stranger:${key}`],
    click,
  };
}

/** The alarm for a share (a claim, a verification…) on the pharmacy's stream by a key no enrolment vouches for. */
export function strangerShareAlarm(key: string, name: string): DesktopNotification {
  return {
    title: 'A station that is not ours wrote to the record',
    body: `A station calling itself ${name.slice(0, 100)} (key ${keyFingerprint(key)}) shared on the pharmacy's stream without being enrolled. Nothing it shared is shown or obeyed; tell IT.`,
    orderId: null,
    count: 1,
    eventKeys: [`record.stranger:${key}`],
    click: () => undefined,
  };
}

/** The alarm for a service event on the pharmacy's stream that the enrolled relay did not sign (ignored). */
export function eventAlarm(signer: string | null): DesktopNotification {
  const by = signer
    ? `signed by a key the pharmacy never enrolled as its relay (${keyFingerprint(signer)})`
    : 'unsigned';
  return {
    title: 'An event the pharmacy relay did not send',
    body: `A service event on the pharmacy's stream was ${by}. It was ignored; tell IT.`,
    orderId: null,
    count: 1,
    eventKeys: [`record.forged-event:${signer ?? 'unsigned'}`],
    click: () => undefined,
  };
}

export async function openPharmacyRecord(
  options: Pick<StationOptions, 'dataDir' | 'openSecrets' | 'now' | 'notifications' | 'policy'>,
  running: Settings,
  secrets: () => SecretStore,
  station: {
    log: Logger;
    stops: { add(name: string, stop: () => Promise<void>): void };
    /** Told whether the shared record is reachable (the status bar says so). */
    eventsStatus: Pick<EventsStatus, 'setRecord'>;
    /** A click on a conflict's alarm opens its order, as an event's notification does; a setting changed is told. */
    emitter: Pick<StationEmitter, 'emit'>;
  },
): Promise<{ record: PharmacyRecord; key: StationKey; keyKept: SecretStoreKind; trust: StreamTrust }> {
  const { log } = station;
  const keychain = await (options.openSecrets ?? ((name) => openSecretStore(name, log.child('keychain'))))(
    RECORD_KEYCHAIN_SERVICE,
  );
  const { key, kept: keyKept } = await loadStationKey(keychain, log.child('record-key'));
  const view = RecordView.inFolder(options.dataDir);
  const now = options.now ?? Date.now;
  const access = relayAccess(running, secrets, { policy: options.policy?.policy, record: Promise.resolve({ key }) });
  const notifications = options.notifications ?? loggedNotifications(log);
  const pharmacyKey = options.policy?.policy.pharmacyPublicKey ?? null;
  if (access) {
    // The public half only (no secret): what IT reads off this station to enrol it (`relay -- enrol`).
    log.info("this station's enrolment code", {
      code: enrolmentCode(key.publicKey),
      fingerprint: keyFingerprint(key.publicKey),
    });
  }
  // IT's link: the policy's, or an nkey from `relay -- init` (the record is opened there, never made).
  const onItsLink = access !== null && (access.stationKey !== undefined || isNkeySeed(await access.password()));
  // Another station's key is believed only through an enrolment the pharmacy's key signed, and that key comes from the
  // machine policy alone: a shared record without it (IT's link, or servers typed in Settings or settings.json, which a
  // person at this computer can edit) believes this station's own facts only, and says so.
  const ownOnly = access !== null && !pharmacyKey;
  if (ownOnly) log.error(NO_PHARMACY_KEY, { setting: 'pharmacyPublicKey' });
  const forgedAlarm = (signer: string | null) => {
    log.warn('a service event the pharmacy relay did not sign was refused', {
      key: signer ? keyFingerprint(signer) : 'unsigned',
    });
    notifications.show(eventAlarm(signer));
  };
  const opened = access
    ? createNatsRecord({
        view,
        key,
        now,
        stationName: access.stationName ?? access.stationId,
        log: log.child('record'),
        pharmacyKey,
        onStranger: (stranger, fact) => {
          log.warn('a station that is not ours wrote to the record', {
            key: keyFingerprint(stranger),
            kind: fact.kind,
          });
          notifications.show(strangerAlarm(stranger, fact, () => undefined));
        },
        ...(ownOnly ? { trusts: ownFactsOnly(key.publicKey) } : {}),
        // On IT's link the record is opened, never made: `relay -- streams` made it.
        createIfMissing: !onItsLink,
        // Its own nkey (never sent), TLS where the servers say tls:// (a plaintext server refused naming the
        // setting), replies to its own inbox prefix: the permissions `relay -- init` wrote allow exactly that.
        connect: async () =>
          connectStationNats(await natsLoginOf(access), `record ${access.stationId}`, {
            maxReconnectAttempts: -1,
            pingInterval: PING_MS,
            maxPingOut: PINGS_MISSED,
          }),
      })
    : createEmbeddedRecord({ view, key, now, stationName: running.eventsRelayName ?? 'this station' });
  const record: PharmacyRecord = ownOnly ? Object.assign(opened, { trustProblem: NO_PHARMACY_KEY }) : opened;
  log.info('the pharmacy record is open', { kind: record.kind });
  const tell = () => {
    const status = record.status();
    if (status.state === 'embedded') return;
    const { state, since, pending, conflicts } = status;
    station.eventsStatus.setRecord({ state, since, pending, conflicts });
  };
  const stopTelling = record.onChange(tell);
  tell();
  const stopAlarms = record.onConflict((fact) => {
    log.warn('a conflict in the pharmacy record: an order verified twice', { order: fact.order_number });
    notifications.show(
      conflictAlarm(fact, () => station.emitter.emit('notification.clicked', { orderId: fact.order_id })),
    );
  });
  // A setting changed in the record (here or at another station): the screens read the settings again.
  const stopSettings = watchPharmacySettings(record, () => station.emitter.emit('pharmacy.settingsChanged', {}));
  station.stops.add('pharmacy record', async () => {
    stopSettings();
    stopTelling();
    stopAlarms();
    await record.close();
  });
  const ready = () => record.status().state === 'reachable';
  const service = serviceEventTrust({ view, pharmacyKey: access ? pharmacyKey : null, ready, onForged: forgedAlarm });
  // Another station's share is believed for an enrolled key's signature alone (none without the pharmacy's key).
  const shares = stationMessageTrust({
    view,
    pharmacyKey,
    ownKeyOnly: true,
    ownKey: key.publicKey,
    ready,
    onStranger: (signer, name) => {
      log.warn('a share from a station that is not ours was ignored', {
        key: signer ? keyFingerprint(signer) : 'unsigned',
      });
      if (signer) notifications.show(strangerShareAlarm(signer, name));
    },
  });
  return { record, key, keyKept, trust: { service, station: shares } };
}
