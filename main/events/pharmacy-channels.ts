// The pharmacy's stations tell each other what the service cannot hold (over the relay, main/events/pharmacy-shares.ts):
// who claims, verified, stopped or reviewed is always the signed-in person from main's session, never the input.

import type { ChannelGroup } from '../../contract/ipc/channel-group.ts';
import type { ChannelName } from '../../contract/ipc.ts';
import { operations } from '../../contract/service/operations.ts';
import { enrolmentCode, keyFingerprint } from '../../kits/signed-facts/enrolment-code.ts';
import type { StationKey } from '../../kits/signed-facts/signed-facts.ts';
import { StationError } from '../platform/errors/station-errors.ts';
import type { Logger } from '../platform/log/logger.ts';
import type { MachinePolicy } from '../platform/policy/policy-schema.ts';
import { policyRelay, policyTlsRequirement } from '../platform/policy/relay-link.ts';
import type { ReadCache } from '../service/calls/read-cache.ts';
import { remembered } from '../service/calls/service-calls.ts';
import { requireCapability } from '../service/session/capability-gate.ts';
import type { SecretStore, Session } from '../service/session/index.ts';
import type { Settings } from '../service/settings/index.ts';
import type { EventSystem, RelayAccess } from './index.ts';
import type { PharmacyRecord } from './record/record.ts';

/** What telling the other stations uses: who is signed in, the shares, the log. */
export interface SharingParts {
  session: Pick<Session, 'state'>;
  events: Pick<EventSystem, 'shares'>;
  log: Logger;
}

/** What the pharmacy channels receive of the station. */
export interface PharmacyChannelParts extends SharingParts {
  record: Pick<PharmacyRecord, 'claim' | 'kind' | 'station' | 'factsOf' | 'trustProblem'>;
  reads: Pick<ReadCache, 'get'>;
  running: Settings;
  secrets: Pick<SecretStore, 'set'>;
}

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

/** The signed-in person's name as other stations see it ("Taylor Technician"), or their email when nameless. */
export function sharedPersonName(parts: Pick<SharingParts, 'session'>): string {
  const user = parts.session.state().user;
  if (!user) throw new StationError('not_signed_in', 'Sign in first.');
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;
}

export const pharmacyHandlers: ChannelGroup<Extract<ChannelName, `pharmacy:${string}`>, PharmacyChannelParts> = {
  'pharmacy:claim': async ({ orderId }, parts) => {
    // The order's number from what main read, not from the input.
    const read = remembered(operations.orders.get, { params: { order_id: orderId } }, parts.reads);
    const orderNumber = typeof read?.value.order_number === 'string' ? read.value.order_number : null;
    try {
      // The pharmacy's record decides (compare-and-set): the claim lives while this station's heartbeat does.
      const user = parts.session.state().user;
      const person = { id: user?.id ?? null, name: sharedPersonName(parts), role: parts.session.state().role ?? null };
      const claimed = await parts.record.claim(orderId, orderNumber, person);
      // Shared: in the record every station reads (a station of its own shares with nobody).
      if (claimed.ok) {
        // The relay watches a claimed order for a cancellation or a hold from the claims on the events stream, so the
        // claim the record decided is told there too (it decides nothing there).
        await parts.events.shares.claim(orderId, orderNumber, person.name).catch((error: unknown) => {
          parts.log.warn('the claim could not be told to the relay', {
            error: error instanceof Error ? error.message : '',
          });
        });
        return { ok: true as const, shared: parts.record.kind === 'nats' && !claimed.queued };
      }
      const { station, at } = claimed.heldBy;
      const heldBy = { station: station.name, person: claimed.heldBy.person.name, at, detail: null };
      return { ok: false as const, heldBy, message: claimed.message };
    } catch (error) {
      if (error instanceof StationError) throw error;
      parts.log.warn('the claim could not be shared', { error: error instanceof Error ? error.message : '' });
      throw new StationError('offline', 'The pharmacy’s record did not answer, so the claim could not be shared.');
    }
  },
  'pharmacy:state': ({ subjectId }, parts) => parts.events.shares.state(subjectId),
  /** The station's public record key only (never its seed), and whether the record holds its enrolment. */
  'pharmacy:enrolment': (_, { record }) => {
    const key = record.station.key;
    const shared = record.kind === 'nats';
    const enrolled = shared ? record.factsOf('station_enrolled').some((fact) => fact.enrolled.key === key) : null;
    const problem = record.trustProblem ?? null;
    return {
      code: enrolmentCode(key),
      fingerprint: keyFingerprint(key),
      name: record.station.name,
      shared,
      enrolled,
      problem,
    };
  },
  /** An admin keeps IT's password for this station's relay user in the keychain; it is never read back out. */
  'pharmacy:relayPassword': async ({ password }, parts) => {
    // An admin's, as the fleet's webhook secret is; a role read back from session-state.json alone is not an admin's.
    requireCapability(parts.session, 'manage_webhook_secret', 'set the relay password');
    const { eventsRelayServers: servers, eventsRelayStation: stationId } = parts.running;
    if (!servers || !stationId) {
      throw new StationError('not_allowed', 'Set the relay’s servers and this station’s id in Settings first.');
    }
    await parts.secrets.set(relayPasswordAccount(servers, stationId), password);
    return { saved: true as const };
  },
};

/** After main recorded it: tells the other stations, never failing the record (it is kept already). */
export function shareAfterRecord(
  parts: SharingParts,
  kind: 'released' | 'verified' | 'stop_raised' | 'reviewed',
  subjectId: string,
  orderNumber: string | null,
  detail: string | null = null,
): void {
  let person: string;
  try {
    person = sharedPersonName(parts);
  } catch {
    return;
  }
  parts.events.shares.announce(kind, subjectId, orderNumber, person, detail).catch((error: unknown) => {
    parts.log.warn('a record was not shared with the other stations', {
      kind,
      error: error instanceof Error ? error.message : '',
    });
  });
}
