// The pharmacy channels: a claim decided by the pharmacy's record, what the stations share of a subject, this station's
// enrolment code, and the relay password an admin keeps. Who claims is the signed-in person from main's session.

import type { ChannelGroup } from '../../contract/ipc/channel-group.ts';
import type { ChannelName } from '../../contract/ipc.ts';
import { operations } from '../../contract/service/operations.ts';
import { enrolmentCode, keyFingerprint } from '../../kits/signed-facts/enrolment-code.ts';
import { StationError } from '../platform/errors/station-errors.ts';
import type { ReadCache } from '../service/calls/read-cache.ts';
import { remembered } from '../service/calls/service-calls.ts';
import { requireCapability } from '../service/session/capability-gate.ts';
import type { SecretStore } from '../service/session/index.ts';
import type { Settings } from '../service/settings/index.ts';
import type { PharmacyRecord } from './record/record.ts';
import { relayPasswordAccount } from './relay-access.ts';
import { type SharingParts, sharedPersonName } from './sharing.ts';

/** What the pharmacy channels receive of the station. */
export interface PharmacyChannelParts extends SharingParts {
  record: Pick<PharmacyRecord, 'claim' | 'kind' | 'station' | 'factsOf' | 'trustProblem'>;
  reads: Pick<ReadCache, 'get'>;
  running: Settings;
  secrets: Pick<SecretStore, 'set'>;
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
