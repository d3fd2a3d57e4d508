// After a sign-in or restore: the webhook secret and one subscription at the listener's URL (moved when the port changed).
import { join } from 'node:path';
import { z } from 'zod';
import { readJsonFile, writeJsonAtomic } from '../platform/data-folder/atomic-json.ts';
import type { Logger } from '../platform/log/logger.ts';
import {
  type EventSystem,
  type StationClient,
  type SubscriptionResult,
  subscribeAtSignIn,
  type WebhookSecret,
} from './index.ts';
import { noteKeyRotated } from './rotation-notes.ts';

/** Which webhook URLs this workstation subscribed per service, so a new port moves the subscription instead of adding one. */
export const SUBSCRIPTIONS_FILE = 'webhook-subscriptions.json';
const KEPT_URLS = 5;

const stored = z.record(z.string(), z.array(z.string()));

export interface Subscriber {
  /** Starts a subscription in the background (one at a time); failures are logged, the poller covers meanwhile. */
  subscribe(): void;
  /** Resolves when the subscriptions started so far are done. */
  settled(): Promise<void>;
}

export interface SubscriberOptions {
  dataDir: string;
  /** The service signed in to now (a new service may be chosen while signed out). */
  serviceId: () => string;
  client: () => StationClient | null;
  events: EventSystem;
  secret: () => WebhookSecret;
  log: Logger;
  /** Told when a subscription starts and how it ended (the Events indicator). */
  onStart?: () => void;
  onResult?: (result: SubscriptionResult) => void;
}

export function createSubscriber(options: SubscriberOptions): Subscriber {
  const file = join(options.dataDir, SUBSCRIPTIONS_FILE);
  let chain: Promise<void> = Promise.resolve();

  async function previousUrls(): Promise<Record<string, string[]>> {
    const read = await readJsonFile(file);
    const parsed = read.kind === 'value' ? stored.safeParse(read.value) : null;
    return parsed?.success ? parsed.data : {};
  }

  async function once(): Promise<void> {
    const client = options.client();
    const url = options.events.webhookUrl();
    if (!client) return;
    options.onStart?.();
    if (!url) {
      options.log.info('no webhook subscription: the event listener is not running; changes are polled every minute');
      return;
    }
    const serviceId = options.serviceId();
    const all = await previousUrls();
    const previous = (all[serviceId] ?? []).filter((known) => known !== url);
    const result = await subscribeAtSignIn({
      client,
      secret: options.secret(),
      url,
      previousUrls: previous,
      logger: options.log,
    });
    options.onResult?.(result);
    if (!result.ok) {
      options.log.info('webhook subscription not made', { reason: result.reason });
      return;
    }
    // The settings screen shows when the key was made; the service's answer time is not passed up, so now is close.
    if (result.secret === 'generated') await noteKeyRotated(options.dataDir, serviceId, new Date().toISOString());
    all[serviceId] = [url, ...previous].slice(0, KEPT_URLS);
    await writeJsonAtomic(file, all);
  }

  return {
    subscribe() {
      chain = chain.then(once).catch((error: unknown) => {
        options.log.warn('webhook subscription failed', {
          error: error instanceof Error ? error.message : String(error),
        });
        options.onResult?.({ ok: false, reason: 'failed', message: 'The webhook subscription failed.' });
      });
    },
    settled: () => chain,
  };
}
