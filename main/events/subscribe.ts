// At sign-in: make sure a webhook secret exists (kept in the keychain) and a subscription points at the listener.
import type { Logger } from '../log/logger.ts';
import { isServiceError } from '../service/index.ts';
import type { SecretStore } from '../session/secret-store.ts';
import { WEBHOOK_PATH } from './listener.ts';
import type { StationClient } from './types.ts';

/** The keychain account of the webhook secret of one service (the secret belongs to the service's account, not a run). */
export function webhookSecretAccount(baseUrl: string): string {
  return `webhook-secret ${baseUrl.replace(/\/+$/, '')}`;
}

/** The URL the service delivers to: the configured public https URL (a tunnel), else the listener on loopback. */
export function webhookUrlFor(listenerPort: number, publicUrl?: string | null): string {
  return publicUrl ? publicUrl : `http://127.0.0.1:${listenerPort}${WEBHOOK_PATH}`;
}

export interface WebhookSecret {
  /** The secret for the listener only; remembered after the first read so a delivery does not wait on the keychain. */
  current(): Promise<string | null>;
  /** Generates one through the service when the keychain holds none. Answers which happened, never the secret. */
  ensure(client: StationClient): Promise<'existing' | 'generated'>;
  /** Reads the keychain again on the next delivery (after sign-out or a change elsewhere). */
  forget(): void;
}

export function createWebhookSecret(store: SecretStore, account: string): WebhookSecret {
  let cached: Promise<string | null> | null = null;
  const current = (): Promise<string | null> => {
    if (cached === null) {
      const reading = store.get(account);
      cached = reading;
      // A failed read is not remembered: the next delivery tries the keychain again.
      reading.catch(() => {
        if (cached === reading) cached = null;
      });
    }
    return cached;
  };
  return {
    current,
    async ensure(client) {
      if (await current()) return 'existing';
      const answer = await client.notifications.generateSecret();
      await store.set(account, answer.webhook_secret);
      cached = Promise.resolve(answer.webhook_secret);
      return 'generated';
    },
    forget() {
      cached = null;
    },
  };
}

export type SubscriptionResult =
  | { ok: true; secret: 'existing' | 'generated'; subscription: 'created' | 'updated' | 'unchanged'; url: string }
  | { ok: false; reason: 'unsupported' | 'forbidden' | 'failed'; message: string };

export interface SubscribeOptions {
  client: StationClient;
  secret: WebhookSecret;
  /** webhookUrlFor(port, publicUrl). */
  url: string;
  /** URLs this workstation subscribed before (another port): such a subscription is moved, not duplicated. */
  previousUrls?: readonly string[];
  logger?: Logger;
}

const ALL: ['all'] = ['all'];

/**
 * Call after sign-in. Never throws and never returns the secret: a service without webhooks (501), a role that may
 * not subscribe (403) or a failure comes back as `ok: false` with a message; the poller covers events meanwhile.
 */
export async function subscribeAtSignIn(options: SubscribeOptions): Promise<SubscriptionResult> {
  const { client, url } = options;
  try {
    const secret = await options.secret.ensure(client);
    const candidates = new Set([url, ...(options.previousUrls ?? [])]);
    let mine: { id: string; url?: string | null; event_codes?: string[] | null; is_active?: boolean | null } | null =
      null;
    for await (const subscription of client.notifications.listWebhooks.walk({ query: { page_size: 200 } })) {
      if (!subscription.url || !candidates.has(subscription.url)) continue;
      // Prefer the one already at the current URL.
      if (mine === null || subscription.url === url) mine = subscription;
      if (subscription.url === url) break;
    }
    let outcome: 'created' | 'updated' | 'unchanged';
    if (mine === null) {
      await client.notifications.createWebhook({ body: { url, event_codes: ALL } });
      outcome = 'created';
    } else if (mine.url === url && sameCodes(mine.event_codes) && mine.is_active !== false) {
      outcome = 'unchanged';
    } else {
      await client.notifications.updateWebhook({
        params: { webhook_id: mine.id },
        body: { url, event_codes: ALL },
      });
      outcome = 'updated';
    }
    // Field names avoid the word the logger redacts: the outcome is not secret, the value never comes near a log.
    options.logger?.info('webhook subscription ready', {
      generatedNewKey: secret === 'generated',
      subscription: outcome,
    });
    return { ok: true, secret, subscription: outcome, url };
  } catch (error) {
    const status = isServiceError(error) ? error.status : 0;
    const code = isServiceError(error) ? error.code : 'failed';
    options.logger?.warn('webhook subscription failed', { status, code });
    if (status === 501 || status === 404) {
      return {
        ok: false,
        reason: 'unsupported',
        message: 'This service does not deliver webhooks; the workstation checks for changes every minute instead.',
      };
    }
    if (status === 403) {
      return {
        ok: false,
        reason: 'forbidden',
        message:
          'This account may not subscribe to notifications; the workstation checks for changes every minute instead.',
      };
    }
    return {
      ok: false,
      reason: 'failed',
      message:
        'Could not subscribe to the service\u2019s notifications; the workstation checks for changes every minute meanwhile.',
    };
  }
}

function sameCodes(codes: readonly string[] | null | undefined): boolean {
  return codes?.length === 1 && codes[0] === 'all';
}
