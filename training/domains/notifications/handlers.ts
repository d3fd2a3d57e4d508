// The notifications operations: events, webhook and email subscriptions, the secret, samples, the delivery log and mailbox.
import { isLoopbackWebhookUrl, type notificationsOperations } from '../../../contract/service/notifications.ts';
import { requireAdminUnless } from '../../auth/permissions.ts';
import { eventCatalogue } from '../../delivery/catalogue.ts';
import { enqueueDelivery } from '../../delivery/emit.ts';
import { DEFAULT_DASHBOARD_URL, setDashboardUrl } from '../../delivery/payloads.ts';
import { currentSecret, rotateSecret } from '../../delivery/secret.ts';
import { createDeliveryWorker } from '../../delivery/worker.ts';
import type { ServiceDeps } from '../../deps/service-deps.ts';
import { unauthorized } from '../../http/errors.ts';
import { type Handlers, paged } from '../../http/handler.ts';
import {
  allSubscriptions,
  createWebhook,
  emailStateView,
  emailSubscriptionOf,
  listDeliveries,
  listMailbox,
  listWebhooks,
  requireWebhook,
  setEmailSubscription,
  updateWebhook,
  webhookView,
} from './notifications-repository.ts';
import { samplePayload } from './samples.ts';

type NotificationHandlers = Handlers<{ notifications: typeof notificationsOperations }>['notifications'];

/** Only login runs without a user; every operation here needs one. */
function userIdOf(user: { id: string } | null): string {
  if (!user) throw unauthorized('Sign in first.');
  return user.id;
}

/** Registers the delivery worker (it runs while the service listens) and answers the handlers. */
export function notificationsHandlers(deps: ServiceDeps): NotificationHandlers {
  setDashboardUrl(deps.db, deps.options.dashboardUrl ?? DEFAULT_DASHBOARD_URL);
  deps.workers.push(createDeliveryWorker(deps));
  return {
    events() {
      return eventCatalogue.map((event) => ({ ...event }));
    },
    list({ db, user, page }) {
      const all = allSubscriptions(db, userIdOf(user));
      return paged(all.slice(page.offset, page.offset + page.pageSize), all.length);
    },
    listWebhooks({ db, page }) {
      const { rows, total } = listWebhooks(db, page);
      return paged(rows.map(webhookView), total);
    },
    createWebhook({ db, body, user, now }) {
      // Any role may subscribe a station's own listener on this machine; a URL elsewhere receives patient data.
      requireAdminUnless(
        user,
        isLoopbackWebhookUrl(body.url),
        'notifications.createWebhook',
        'Subscribing a URL outside this machine',
      );
      const id = createWebhook(db, body, userIdOf(user), now);
      return webhookView(requireWebhook(db, id));
    },
    updateWebhook({ db, params, body, user, now }) {
      const row = requireWebhook(db, params.webhook_id);
      // The person who subscribed a loopback listener may move it to their station's new port; anything else (another
      // person's subscription, or a URL off this machine, which would receive patient data) is an admin's.
      const staysOnThisMachine = isLoopbackWebhookUrl(row.url) && isLoopbackWebhookUrl(body.url ?? row.url);
      const theirs = row.created_by !== null && row.created_by === user?.id;
      requireAdminUnless(
        user,
        staysOnThisMachine && theirs,
        'notifications.updateWebhook',
        'Changing a webhook subscription someone else made, or one not on this machine',
      );
      updateWebhook(db, row, body, now);
      return webhookView(requireWebhook(db, row.id));
    },
    generateSecret({ db, user, now }) {
      // The first secret is made by whichever station signs in first; a new one locks every other station out.
      requireAdminUnless(
        user,
        currentSecret(db) === null,
        'notifications.generateSecret',
        'Replacing the webhook secret (every station must then be given the new one)',
      );
      return rotateSecret(db, userIdOf(user), now);
    },
    sendSample({ db, body, user, now }) {
      requireAdminUnless(
        user,
        isLoopbackWebhookUrl(body.webhook_url),
        'notifications.sendSample',
        'Sending a sample outside this machine',
      );
      const payload = samplePayload(db, body.event_code);
      const id = enqueueDelivery(db, {
        url: body.webhook_url,
        eventCode: body.event_code,
        body: payload,
        now,
        kind: 'sample',
      });
      return {
        event_code: body.event_code,
        payload_preview: payload,
        message: `Sample ${body.event_code} queued for ${body.webhook_url}; it goes out at once, signed like every delivery. The delivery log shows how the receiver answered.`,
        webhook_url: body.webhook_url,
        delivery_id: id,
      };
    },
    previewSample({ db, params }) {
      return { event_code: params.event_code, payload_preview: samplePayload(db, params.event_code) };
    },
    updateEmail({ db, body, user, now }) {
      const userId = userIdOf(user);
      setEmailSubscription(db, userId, body.event_codes, now);
      const row = emailSubscriptionOf(db, userId);
      if (!row) throw new Error('the email subscription just written is missing');
      return emailStateView(row);
    },
    deliveries({ db, query, page }) {
      const { items, total } = listDeliveries(db, query, page);
      return paged(items, total);
    },
    mailbox({ db, page }) {
      const { items, total } = listMailbox(db, page);
      return paged(items, total);
    },
  };
}
