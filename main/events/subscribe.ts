// At sign-in: make sure a webhook secret exists (kept in the keychain) and a subscription points at the listener.

import type { SecretStore } from '../platform/keychain/secret-store.ts';
import type { Logger } from '../platform/log/logger.ts';
import { isServiceError } from '../service/client/index.ts';
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
  /**
   * Asks the service for a new secret and keeps it. The service retires the old one at once, so every other receiver
   * stops authenticating deliveries: call it only when the service has none, or when an admin rotates on purpose.
   */
  generate(client: StationClient): Promise<void>;
  /** Keeps a secret an admin shared with this station (the service's current one); it is never read back out. */
  share(secret: string): Promise<void>;
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
  const keep = async (secret: string) => {
    await store.set(account, secret);
    cached = Promise.resolve(secret);
  };
  return {
    current,
    async generate(client) {
      const answer = await client.notifications.generateSecret();
      await keep(answer.webhook_secret);
    },
    share: keep,
    forget() {
      cached = null;
    },
  };
}

/** Why the station polls instead of being pushed events, as the subscription found it. */
export type SubscriptionFailure =
  /** The service answered 404/501 to the secret call: it offers no webhook secret. */
  | 'no_webhook_secret'
  /** The service answered 404/501 to the subscription calls: it delivers no webhooks. */
  | 'unsupported'
  | 'forbidden'
  | 'failed'
  /** Other receivers are subscribed, so the service has a secret; this station has not been given it. */
  | 'secret_missing';

export type SubscriptionResult =
  | { ok: true; secret: 'existing' | 'generated'; subscription: 'created' | 'updated' | 'unchanged'; url: string }
  | { ok: false; reason: SubscriptionFailure; message: string };

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

type Subscription = { id: string; url?: string | null; event_codes?: string[] | null; is_active?: boolean | null };

const MESSAGES: Record<SubscriptionFailure, string> = {
  no_webhook_secret:
    'This service offers no webhook secret, so it cannot push signed events; the workstation checks for changes every minute instead.',
  unsupported: 'This service does not deliver webhooks; the workstation checks for changes every minute instead.',
  forbidden:
    'This account may not subscribe to notifications; the workstation checks for changes every minute instead.',
  failed:
    'Could not subscribe to the service\u2019s notifications; the workstation checks for changes every minute meanwhile.',
  secret_missing:
    'This station does not have the service\u2019s webhook secret (other stations use it) \u2014 an admin must share it with this station. Until then it checks for changes every minute.',
};

const failure = (reason: SubscriptionFailure): SubscriptionResult => ({ ok: false, reason, message: MESSAGES[reason] });

/** This station's subscription (at `url`, else at an earlier URL of its own) and how many other receivers there are. */
async function findSubscriptions(client: StationClient, url: string, previous: readonly string[]) {
  const candidates = new Set([url, ...previous]);
  let mine: Subscription | null = null;
  let others = 0;
  for await (const subscription of client.notifications.listWebhooks.walk({ query: { page_size: 200 } })) {
    if (!subscription.url || !candidates.has(subscription.url)) {
      if (subscription.is_active !== false) others++;
      continue;
    }
    // Prefer the one already at the current URL.
    if (mine === null || subscription.url === url) mine = subscription;
  }
  return { mine, others };
}

function statusOf(error: unknown): number {
  return isServiceError(error) ? error.status : 0;
}

/**
 * Call after sign-in. Never throws and never returns the secret: a service without webhooks (501/404), a role that may
 * not subscribe (403) or a failure comes back as `ok: false` with a reason and a message; the poller covers meanwhile.
 * A secret is generated only when this station has none and no other receiver is subscribed: generating retires the
 * service's secret, and every other station would then refuse every delivery.
 */
export async function subscribeAtSignIn(options: SubscribeOptions): Promise<SubscriptionResult> {
  const { client, url } = options;
  let step: 'list' | 'secret' | 'subscribe' = 'list';
  try {
    const { mine, others } = await findSubscriptions(client, url, options.previousUrls ?? []);
    let secret: 'existing' | 'generated' = 'existing';
    if (!(await options.secret.current())) {
      if (others > 0) {
        options.logger?.warn('webhook subscription not made: this station lacks the service\u2019s key', { others });
        return failure('secret_missing');
      }
      step = 'secret';
      await options.secret.generate(client);
      secret = 'generated';
    }
    step = 'subscribe';
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
    const status = statusOf(error);
    const code = isServiceError(error) ? error.code : 'failed';
    options.logger?.warn('webhook subscription failed', { status, code, step });
    if (status === 501 || status === 404) return failure(step === 'secret' ? 'no_webhook_secret' : 'unsupported');
    if (status === 403) return failure('forbidden');
    return failure('failed');
  }
}

function sameCodes(codes: readonly string[] | null | undefined): boolean {
  return codes?.length === 1 && codes[0] === 'all';
}
