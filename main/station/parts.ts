// What the composition root assembled: one frozen value, replaced whole (never changed in place) when another service
// is bound. Each group of channels declares the few parts it uses; this value satisfies every group's.
import type { AuditLog } from '../audit/index.ts';
import type { EventsStatus } from '../events/events-status.ts';
import type { EventSystem, WebhookSecret } from '../events/index.ts';
import type { RecentEvents } from '../events/recent-events.ts';
import type { PharmacyRecord } from '../events/record/record.ts';
import type { Subscriber } from '../events/subscription.ts';
import type { Logger } from '../platform/log/logger.ts';
import type { Backend } from '../service/backend/backend.ts';
import type { ReadCache } from '../service/calls/read-cache.ts';
import type { DriftLog } from '../service/client/index.ts';
import type { Connectivity } from '../service/connectivity/connectivity.ts';
import type { Outbox } from '../service/outbox/index.ts';
import type { SecretStore, Session } from '../service/session/index.ts';
import type { PharmacistConfirmations } from '../service/session/pharmacist-confirm.ts';
import type { Settings } from '../service/settings/index.ts';
import type { PrintTickets } from '../work/print/print-tickets.ts';
import type { VerifyRuns } from '../work/verify-runs/runs-repository.ts';
import type { StationEmitter } from './emitter.ts';
import type { StationOptions } from './options.ts';

export interface StationParts {
  /** The parts now: a switch of service replaces the whole value, so a handler that waited for one asks again. */
  current(): StationParts;
  readonly options: StationOptions;
  readonly log: Logger;
  readonly backend: Backend;
  /** The settings this run started with (a saved change to the backend or listener applies at the next start). */
  readonly running: Settings;
  readonly secrets: SecretStore;
  readonly session: Session;
  readonly outbox: Outbox;
  /** The local audit log of scan-to-verify (audit.db). */
  readonly audit: AuditLog;
  /** Pharmacists' confirmations at this station, held briefly and used once by the record that names them. */
  readonly confirmations: PharmacistConfirmations;
  /** Documents main prepared, each with a one-time ticket that printing presents (main/work/print/print-tickets.ts). */
  readonly printTickets: PrintTickets;
  /** Verifications in progress (verify-runs.db), so a reload or a crash resumes them. */
  readonly verifyRuns: VerifyRuns;
  readonly events: EventSystem;
  /** The pharmacy's record every station obeys (embedded, or shared on NATS when the station has the relay). */
  readonly record: PharmacyRecord;
  /** Where this station's key for the record is kept: the OS keychain, or memory for this run only (said on every screen). */
  readonly recordKeyKept: 'keychain' | 'memory';
  /** The webhook secret holder and its keychain account. */
  readonly webhookSecret: WebhookSecret;
  readonly webhookAccount: string;
  /** What the Events indicator says, and the subscription made after each sign-in. */
  readonly eventsStatus: EventsStatus;
  readonly subscriber: Subscriber;
  readonly connectivity: Connectivity;
  /** What the service sent that the clients had to coerce, drop or refuse, per operation and field (since the start). */
  readonly drift: DriftLog;
  /** What this station read this session, in memory, for offline reading; cleared at sign-out. */
  readonly reads: ReadCache;
  readonly recent: RecentEvents;
  readonly emitter: StationEmitter;
  resume(): Promise<void>;
  /**
   * Applies the saved service while nobody is signed in (the next sign-in talks to it): 'refused' while task writes
   * for the current service wait, 'unchanged' when it is the same or someone is signed in.
   */
  switchService(): Promise<'switched' | 'unchanged' | 'refused'>;
  close(): Promise<void>;
}
