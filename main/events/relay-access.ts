// How this station reaches the pharmacy's relay (NATS): the servers and its id from the settings, its password from the
// keychain, or, where the machine policy sets the link up, its record key as its login; the policy's CA and TLS demand.
import type { StationKey } from '../../kits/signed-facts/signed-facts.ts';
import type { MachinePolicy } from '../platform/policy/policy-schema.ts';
import { policyRelay, policyTlsRequirement } from '../platform/policy/relay-link.ts';
import type { SecretStore } from '../service/session/index.ts';
import type { Settings } from '../service/settings/index.ts';
import type { RelayAccess } from './relay-consumer.ts';

/** The keychain account of this station's password on the pharmacy's relay (NATS), set by an admin from IT's sheet. */
export function relayPasswordAccount(servers: string, stationId: string): string {
  return `events-relay ${servers} ${stationId}`;
}

/** What the machine policy adds to the relay's settings: the link IT set up, signed into with the record key. */
export interface RelayProvisioning {
  policy?: MachinePolicy | undefined;
  /** The record as it opens: its key (the enrolment code's) is the station's NATS login. */
  record: Promise<{ key: StationKey }>;
}

/**
 * The relay as the settings name it (the policy's servers and name already applied to them), or null when this
 * station has none (it listens and polls on its own). When the policy sets the link up the station signs in with its
 * record key, so `relay -- enrol` of its code makes it a NATS user too; the policy's CA and TLS demand apply either way.
 */
export function relayAccess(
  settings: Settings,
  secrets: () => SecretStore,
  provisioning?: RelayProvisioning,
): RelayAccess | null {
  const servers = settings.eventsRelayServers;
  const stationId = settings.eventsRelayStation;
  if (!servers || !stationId) return null;
  const policy: MachinePolicy = provisioning?.policy ?? {};
  const tlsRequiredBy = policyTlsRequirement(policy);
  return {
    servers: servers.split(',').map((server) => server.trim()),
    stationId,
    ...(settings.eventsRelayName ? { stationName: settings.eventsRelayName } : {}),
    user: stationId,
    password: () => secrets().get(relayPasswordAccount(servers, stationId)),
    ...(provisioning && policyRelay(policy) ? { stationKey: async () => (await provisioning.record).key } : {}),
    ...(provisioning ? { signingKey: async () => (await provisioning.record).key } : {}),
    ...(policy.eventsRelayCa ? { tlsCa: policy.eventsRelayCa } : {}),
    ...(tlsRequiredBy ? { tlsRequiredBy } : {}),
  };
}
