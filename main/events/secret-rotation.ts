// notifications:rotateSecret: a new webhook secret from the service, kept in the keychain; the renderer gets only when.
// notifications:stationWebhook: where the listener is, whether a key is kept, when it was rotated — never the key.
import type { StationWebhookState } from '../../contract/ipc/notifications.ts';
import type { Logger } from '../platform/log/logger.ts';
import { requireCapability } from '../service/session/capability-gate.ts';
import type { SecretStore, Session } from '../service/session/index.ts';
import type { EventsStatus } from './events-status.ts';
import type { EventSystem, WebhookSecret } from './index.ts';
import { noteKeyRotated, readRotations } from './rotation-notes.ts';
import type { Subscriber } from './subscription.ts';

/** What the webhook secret's channels receive of the station. */
export interface SecretRotationParts {
  options: { dataDir: string };
  backend: { serviceId: string };
  session: Pick<Session, 'state' | 'client'>;
  secrets: Pick<SecretStore, 'set' | 'kind'>;
  webhookSecret: WebhookSecret;
  webhookAccount: string;
  eventsStatus: Pick<EventsStatus, 'secretReplaced'>;
  subscriber: Pick<Subscriber, 'subscribe'>;
  events: Pick<EventSystem, 'listenerStatus' | 'listenerCounts' | 'webhookUrl'>;
  log: Logger;
}

/** The webhook secret is the whole fleet's: only an admin may replace it here or share it with this station. */
function requireAdmin(parts: SecretRotationParts, what: string): void {
  requireCapability(parts.session, 'manage_webhook_secret', what);
}

/** A new secret here lets the listener accept deliveries again: the indicator forgets the wrong ones, and the
 * subscription is made (it was not, while this station lacked the secret). */
function secretReplaced(parts: SecretRotationParts): void {
  parts.webhookSecret.forget();
  parts.eventsStatus.secretReplaced();
  parts.subscriber.subscribe();
}

/**
 * Rotates on purpose (an admin, who confirmed): the service retires the old secret at once, so every other station
 * refuses deliveries until an admin shares the new one with it.
 */
export async function rotateWebhookSecret(parts: SecretRotationParts): Promise<{ rotatedAt: string }> {
  requireAdmin(parts, 'rotate the webhook secret (every other station stops receiving events until it is shared)');
  const answer = await parts.session.client().notifications.generateSecret();
  // The service signs with the new one from now on, so the listener must read it on the next delivery.
  await parts.secrets.set(parts.webhookAccount, answer.webhook_secret);
  secretReplaced(parts);
  parts.log.info('webhook signing key rotated', { keychain: parts.secrets.kind });
  const at = typeof answer.created_at === 'string' ? answer.created_at : new Date().toISOString();
  try {
    await noteKeyRotated(parts.options.dataDir, parts.backend.serviceId, at);
  } catch (error) {
    // The key is rotated and stored; only the note of when failed, which the screen can live without.
    parts.log.warn('could not note when the webhook key was rotated', {
      error: error instanceof Error ? error.message : String(error),
    });
  }
  return { rotatedAt: at };
}

/** An admin gives this station the service's current secret (kept in the keychain, never read back out). */
export async function shareWebhookSecret(parts: SecretRotationParts, secret: string): Promise<{ sharedAt: string }> {
  requireAdmin(parts, 'share the webhook secret with this station');
  await parts.webhookSecret.share(secret);
  secretReplaced(parts);
  parts.log.info('webhook signing key shared with this station', { keychain: parts.secrets.kind });
  return { sharedAt: new Date().toISOString() };
}

export async function stationWebhookState(parts: SecretRotationParts): Promise<StationWebhookState> {
  const status = parts.events.listenerStatus();
  const counts = parts.events.listenerCounts();
  const refused = Object.values(counts.refused).reduce((sum, n) => sum + n, 0);
  let keyStored = false;
  try {
    keyStored = (await parts.webhookSecret.current()) !== null;
  } catch {
    // A keychain that cannot be read holds nothing usable.
  }
  return {
    url: parts.events.webhookUrl(),
    listener: status.state,
    listenerMessage: status.state === 'failed' ? status.message : null,
    keyStored,
    rotatedAt: (await readRotations(parts.options.dataDir))[parts.backend.serviceId] ?? null,
    received: { accepted: counts.accepted, duplicates: counts.duplicates, refused },
  };
}
