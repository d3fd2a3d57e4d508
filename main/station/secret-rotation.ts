// notifications:rotateSecret: a new webhook secret from the service, kept in the keychain; the renderer gets only when.
import type { StationParts } from './parts.ts';

export async function rotateWebhookSecret(parts: StationParts): Promise<{ rotatedAt: string }> {
  const answer = await parts.session.client().notifications.generateSecret();
  // The service signs with the new one from now on, so the listener must read it on the next delivery.
  await parts.secrets.set(parts.webhookAccount, answer.webhook_secret);
  parts.webhookSecret.forget();
  parts.log.info('webhook signing key rotated', { keychain: parts.secrets.kind });
  const at = typeof answer.created_at === 'string' ? answer.created_at : new Date().toISOString();
  return { rotatedAt: at };
}
