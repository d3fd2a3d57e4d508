// Order and prescription events as the renderer receives them (from the webhook listener or the reconciliation poller).
import { z } from 'zod';

export const stationEvent = z.strictObject({
  /** Stable across retries and across the webhook and the poller: one change, one key. */
  key: z.string(),
  eventCode: z.string(),
  subjectId: z.string(),
  orderNumber: z.string().nullable(),
  statusCode: z.string().nullable(),
  statusName: z.string().nullable(),
  url: z.string().nullable(),
  source: z.enum(['webhook', 'poller', 'relay']),
  receivedAt: z.string(),
});
export type StationEventView = z.infer<typeof stationEvent>;

/** What changed under a run: an order cancelled, held, or its items changed at the service. */
export const orderChanges = ['cancelled', 'paused', 'items_changed'] as const;
export type OrderChange = (typeof orderChanges)[number];

/** Main learnt that an order open at this station changed: the run on it stops (the verify screen's banner). */
export const orderInterruption = z.strictObject({
  orderId: z.string(),
  orderNumber: z.string().nullable(),
  change: z.enum(orderChanges),
  /** The inbox key of the event that said so. */
  eventKey: z.string(),
  learntFrom: z.enum(['webhook', 'poller', 'relay']),
  /** When the station learnt it (ISO 8601). */
  at: z.string(),
  /** The banner's sentence. */
  message: z.string(),
});
export type OrderInterruptionView = z.infer<typeof orderInterruption>;

/** What another station (or this one) said about an order or prescription over the pharmacy's relay. */
export const shareMark = z.strictObject({
  station: z.string(),
  person: z.string(),
  at: z.string(),
  detail: z.string().nullable(),
});
export const sharedState = z.strictObject({
  claim: shareMark.nullable(),
  verified: shareMark.nullable(),
  stop: shareMark.nullable(),
  reviewed: shareMark.nullable(),
});
export type SharedStateView = z.infer<typeof sharedState>;

export const claimOutcome = z.union([
  /** shared: false when no relay runs here (nothing to tell: the claim is this station's alone). */
  z.strictObject({ ok: z.literal(true), shared: z.boolean() }),
  z.strictObject({ ok: z.literal(false), heldBy: shareMark, message: z.string() }),
]);

/** Why events are polled rather than pushed (or off), for the Events indicator. */
export const eventsReason = z.enum([
  'signed_out',
  'subscribing',
  'port_busy',
  'listener_failed',
  'no_secret_offered',
  'unsupported',
  'forbidden',
  'subscription_failed',
  'secret_missing',
  'secret_changed',
  'relay_unreachable',
]);
export type EventsReason = z.infer<typeof eventsReason>;

/** The pharmacy's record shared on NATS, as this station reaches it (absent for the embedded record of one station). */
export const recordState = z.strictObject({
  state: z.enum(['reachable', 'unreachable']),
  /** Since when it is reachable or not (ISO 8601). */
  since: z.string().max(40),
  /** This station's facts waiting to be published. */
  pending: z.number().int().min(0),
  /** Its verifications refused on return because another station's came first. */
  conflicts: z.number().int().min(0),
});
export type RecordStateView = z.infer<typeof recordState>;

export const eventsState = z.strictObject({
  mode: z.enum(['pushed', 'polling', 'off']),
  reason: eventsReason.nullable(),
  /** The sentence for people (never a secret or a URL with credentials). */
  message: z.string().nullable(),
  /** Which path brings events now: the pharmacy's relay, this station's webhook, or its own polling (null: off). */
  path: z.enum(['relay', 'webhook', 'polling']).nullable().optional(),
  /** Since when that path is the live one (ISO 8601). */
  since: z.string().nullable().optional(),
  /** The pharmacy's record on NATS, when this station has one. */
  record: recordState.optional(),
});
export type EventsStateView = z.infer<typeof eventsState>;

export const connectivity = z.strictObject({
  /** Whether the service answers (slow counts as online). */
  online: z.boolean(),
  /** online; slow: it answers a probe while a call still waits; offline: no answer, calls that need it fail at once. */
  service: z.enum(['online', 'slow', 'offline']),
  /** When it went offline (ISO), while it is. */
  offlineSince: z.string().nullable(),
  /** The event listener: listening, or why not (a busy port), for the status bar. */
  listener: z.strictObject({ state: z.enum(['listening', 'failed', 'stopped']), message: z.string().nullable() }),
  /** Which service: the training service or a custom one. */
  backend: z.enum(['training', 'custom']),
  baseUrl: z.string().nullable(),
  /** False while a custom service was not confirmed at this station: no password goes to it before that. */
  serviceConfirmed: z.boolean(),
  /** How this station learns of changes, exactly as it is: pushed by webhook, polled (and why), or not at all. */
  events: eventsState,
});
