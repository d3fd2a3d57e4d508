// The events part's public surface: import from here, not from the files behind it.
export { createEventHub, createEventPipeline, type EventHub, type EventPipeline } from './hub.ts';
export { EventInbox, INBOX_RETENTION_MS } from './inbox.ts';
export { eventKey, ONCE_PER_RECORD_EVENTS, toStationEvent } from './keys.ts';
export {
  createWebhookListener,
  type ListenerCounts,
  type ListenerOptions,
  type ListenerStatus,
  type SecretCheck,
  WEBHOOK_PATH,
  type WebhookListener,
} from './listener.ts';
export {
  changedSince,
  INTERRUPTING_EVENTS,
  interruptionOf,
  interruptionWords,
  type OrderInterruption,
} from './order-interrupts.ts';
export {
  type ClaimOutcome,
  claimWords,
  createPharmacyShares,
  type PharmacyShares,
  type SharedState,
  type ShareMark,
} from './pharmacy-shares.ts';
export {
  createReconciliationPoller,
  type PollerOptions,
  type PollResult,
  type ReconciliationPoller,
} from './poller.ts';
export { type RelayProvisioning, relayAccess, relayPasswordAccount } from './relay-access.ts';
export {
  createRelayConsumer,
  type RelayAccess,
  type RelayConsumer,
  type RelayState,
} from './relay-consumer.ts';
export { relayedEvent } from './relayed-event.ts';
export { EVENTS_DB_FILE, openEventsDb } from './schema.ts';
export { type SharingParts, shareAfterRecord, sharedPersonName } from './sharing.ts';
export {
  createWebhookSecret,
  type SubscribeOptions,
  type SubscriptionFailure,
  type SubscriptionResult,
  subscribeAtSignIn,
  type WebhookSecret,
  webhookSecretAccount,
  webhookUrlFor,
} from './subscribe.ts';
export { createEventSystem, type EventSystem, type EventSystemOptions } from './system.ts';
export type { EventListener, EventSink, EventSource, StationClient, StationEvent } from './types.ts';
