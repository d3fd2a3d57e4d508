// Notifications through the station: events, webhook and email subscriptions, the signing key, samples, and the
// training service's delivery log and mailbox. The key itself never comes here: main generates and keeps it.
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DeliveryLogEntry,
  EmailSubscriptionBody,
  MailboxMessage,
  NotificationSubscription,
  SampleSendBody,
  WebhookCreateBody,
  WebhookSubscription,
  WebhookUpdateBody,
} from '../../contract/service/notifications.ts';
import { station, unwrap } from './station.ts';

export const notificationKeys = {
  events: ['notifications', 'events'] as const,
  webhooks: ['notifications', 'webhooks'] as const,
  stationWebhook: ['notifications', 'stationWebhook'] as const,
  subscriptions: ['notifications', 'subscriptions'] as const,
  preview: (code: string) => ['notifications', 'preview', code] as const,
  deliveries: (filter: DeliveryFilter) => ['notifications', 'deliveries', filter] as const,
  mailbox: ['notifications', 'mailbox'] as const,
};

export interface DeliveryFilter {
  status?: 'pending' | 'delivered' | 'failed';
  eventCode?: string;
}

/** How much of the delivery log and the mailbox the screens read: the newest, enough for a practice session. */
export const LOG_PAGE_SIZE = 50;

/** The events one can subscribe to, as the service names and describes them (they do not change while it runs). */
export function useNotificationEvents() {
  return useQuery({
    queryKey: notificationKeys.events,
    queryFn: () => unwrap(station().notifications.events()),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useWebhooks() {
  return useQuery({
    queryKey: notificationKeys.webhooks,
    queryFn: () => unwrap(station().notifications.listWebhooks({ query: { page_size: 200 } })),
  });
}

/** This station's listener URL, whether a signing key is kept and when it was rotated, and what the listener got. */
export function useStationWebhook() {
  return useQuery({
    queryKey: notificationKeys.stationWebhook,
    queryFn: () => unwrap(station().notifications.stationWebhook()),
  });
}

/** The signed-in user's email subscription, from the service's listing of every kind; null when there is none. */
export function useEmailSubscription() {
  return useQuery({
    queryKey: notificationKeys.subscriptions,
    queryFn: async (): Promise<NotificationSubscription | null> => {
      const all = await unwrap(station().notifications.list({ query: { page_size: 200 } }));
      return all.find((subscription) => subscription.type === 'email') ?? null;
    },
  });
}

/** Creates a webhook subscription, or (with an id) changes one; refusals keep their details for the form. */
export function useSaveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input: { id: string; body: WebhookUpdateBody } | { id?: undefined; body: WebhookCreateBody },
    ): Promise<WebhookSubscription> =>
      input.id
        ? unwrap(station().notifications.updateWebhook({ params: { webhook_id: input.id }, body: input.body }))
        : unwrap(station().notifications.createWebhook({ body: input.body as WebhookCreateBody })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.webhooks }),
  });
}

/** Main asks the service for a new key and keeps it (an admin, who confirmed); the answer is only when. */
export function useRotateKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(station().notifications.rotateSecret({ confirmed: true })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.stationWebhook }),
  });
}

/** An admin gives this station the service's current key; write-only, nothing comes back but when. */
export function useShareKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (secret: string) => unwrap(station().notifications.shareSecret({ secret })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.stationWebhook }),
  });
}

export function useUpdateEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailSubscriptionBody) => unwrap(station().notifications.updateEmail({ body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.subscriptions }),
  });
}

/** The payload one event's delivery would carry; read only once a code is chosen (null: nothing to show yet). */
export function useSamplePreview(code: SampleSendBody['event_code'] | null) {
  return useQuery({
    queryKey: notificationKeys.preview(code ?? ''),
    queryFn: () => unwrap(station().notifications.previewSample({ params: { event_code: code ?? 'order.created' } })),
    enabled: code !== null,
  });
}

/** What sendSample answers: the contract's fields, and the delivery's id when the service says it (training does). */
export type SampleSentView = Awaited<ReturnType<typeof sendSample>>;

async function sendSample(body: SampleSendBody) {
  const sent = await unwrap(station().notifications.sendSample({ body }));
  const deliveryId = typeof sent.delivery_id === 'string' ? sent.delivery_id : null;
  return { ...sent, deliveryId, sentAt: new Date().toISOString() };
}

export function useSendSample() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSample,
    onSuccess: () => refreshLogs(queryClient),
  });
}

/** The training service's webhook delivery log, newest first; kept fresh while on screen. */
export function useDeliveries(
  filter: DeliveryFilter = {},
  options: {
    enabled?: boolean;
    poll?: number | false | ((entries: DeliveryLogEntry[] | undefined) => number | false);
  } = {},
) {
  const poll = options.poll;
  return useQuery({
    queryKey: notificationKeys.deliveries(filter),
    queryFn: (): Promise<DeliveryLogEntry[]> =>
      unwrap(
        station().notifications.deliveries({
          query: {
            page_size: LOG_PAGE_SIZE,
            ...(filter.status ? { status: filter.status } : {}),
            ...(filter.eventCode ? { event_code: filter.eventCode } : {}),
          },
        }),
      ),
    enabled: options.enabled ?? true,
    refetchInterval: typeof poll === 'function' ? (query) => poll(query.state.data) : (poll ?? false),
  });
}

/** The notification emails the training service wrote, newest first. */
export function useMailbox(options: { poll?: number | false } = {}) {
  return useQuery({
    queryKey: notificationKeys.mailbox,
    queryFn: (): Promise<MailboxMessage[]> =>
      unwrap(station().notifications.mailbox({ query: { page_size: LOG_PAGE_SIZE } })),
    refetchInterval: options.poll ?? false,
  });
}

/** After anything that makes deliveries or emails (a sample, a simulation step): read the logs again. */
export function refreshLogs(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['notifications', 'deliveries'] }),
    queryClient.invalidateQueries({ queryKey: notificationKeys.mailbox }),
    queryClient.invalidateQueries({ queryKey: notificationKeys.stationWebhook }),
  ]).then(() => undefined);
}
