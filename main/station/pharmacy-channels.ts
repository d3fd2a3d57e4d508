// The pharmacy's stations tell each other what the service cannot hold (over the relay, main/events/pharmacy-shares.ts):
// who claims, verified, stopped or reviewed is always the signed-in person from main's session, never the input.
import { claimWords, type RelayAccess } from '../events/index.ts';
import type { SecretStore } from '../session/index.ts';
import type { Settings } from '../settings/index.ts';
import type { RunParts } from '../verify-runs/run-parts.ts';
import { StationError } from './errors.ts';
import type { StationParts } from './parts.ts';
import { callService } from './service-calls.ts';

/** The keychain account of this station's password on the pharmacy's relay (NATS), set by an admin from IT's sheet. */
export function relayPasswordAccount(servers: string, stationId: string): string {
  return `events-relay ${servers} ${stationId}`;
}

/** The relay as the settings name it, or null when this station has none (it listens and polls on its own). */
export function relayAccess(settings: Settings, secrets: () => SecretStore): RelayAccess | null {
  const servers = settings.eventsRelayServers;
  const stationId = settings.eventsRelayStation;
  if (!servers || !stationId) return null;
  return {
    servers: servers.split(',').map((server) => server.trim()),
    stationId,
    ...(settings.eventsRelayName ? { stationName: settings.eventsRelayName } : {}),
    user: stationId,
    password: () => secrets().get(relayPasswordAccount(servers, stationId)),
  };
}

/** The signed-in person's name as other stations see it ("Taylor Technician"), or their email when nameless. */
export function sharedPersonName(parts: StationParts): string {
  const user = parts.session.state().user;
  if (!user) throw new StationError('not_signed_in', 'Sign in first.');
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;
}

export const pharmacyChannels = {
  claim: async ({ orderId }: { orderId: string }, parts: StationParts) => {
    // The order's number from what main read, not from the input.
    const number = parts.reads.get('orders.get', { params: { order_id: orderId } })?.value as
      | { order_number?: unknown }
      | undefined;
    const orderNumber = typeof number?.order_number === 'string' ? number.order_number : null;
    try {
      return await parts.events.shares.claim(orderId, orderNumber, sharedPersonName(parts));
    } catch (error) {
      if (error instanceof StationError) throw error;
      parts.log.warn('the claim could not be shared', { error: error instanceof Error ? error.message : '' });
      throw new StationError('offline', 'The pharmacy’s relay did not answer, so the claim could not be shared.');
    }
  },
  state: ({ subjectId }: { subjectId: string }, parts: StationParts) => parts.events.shares.state(subjectId),
  /** An admin keeps IT's password for this station's relay user in the keychain; it is never read back out. */
  setPassword: async ({ password }: { password: string }, parts: StationParts) => {
    if (parts.session.state().role !== 'admin') {
      throw new StationError('forbidden', 'Only an admin sets the relay password.');
    }
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
  parts: StationParts,
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

/** The pharmacy around main's verification run (main/verify-runs/run-parts.ts `pharmacy`), from the event system. */
/**
 * Tells the training service an order is open in a run here, or no longer, so its simulation never moves the order
 * under the person verifying it. Only the training service has it; a refusal or an outage changes nothing here.
 */
async function tellTraining(parts: StationParts, orderId: string, open: boolean): Promise<void> {
  if (parts.backend.kind !== 'training') return;
  try {
    await callService('training.openRun', { params: { order_id: orderId }, body: { open } }, parts);
  } catch {
    // Best effort: the run goes on; the hold expires on its own (OPEN_RUN_HOLD_MINUTES).
  }
}

export function runPharmacy(parts: StationParts): RunParts['pharmacy'] {
  return {
    watch: (orderId) => parts.events.watch(orderId),
    open: (orderId) => tellTraining(parts, orderId, true),
    changedUnder: (orderId) => {
      const changed = parts.events.changedUnderRun(orderId);
      if (changed) return changed.message;
      // Another station holds the order (its claim over the relay): this station's count of it is not the record.
      const elsewhere = parts.events.shares.heldElsewhere(orderId);
      return elsewhere ? claimWords(elsewhere) : null;
    },
    share: (kind, orderId, orderNumber, detail) => {
      if (kind === 'verified') void tellTraining(parts, orderId, false);
      shareAfterRecord(parts, kind, orderId, orderNumber, detail ?? null);
    },
    release: (orderId) => {
      void tellTraining(parts, orderId, false);
      parts.events.acknowledge(orderId);
      shareAfterRecord(parts, 'released', orderId, null);
    },
  };
}
