// The workstation's own channels (not a service operation): sign-in, settings, outbox, audit log, runs, events, scans,
// links, the work queue. Each key is its channel's literal name.
import { z } from 'zod';
import {
  auditAdjustment,
  auditAdjustmentsInput,
  auditEntry,
  auditListInput,
  auditStop,
  auditStopsInput,
} from './audit.ts';
import { auditRecordChannels } from './audit-record-channels.ts';
import {
  auditExport,
  auditExportInput,
  reviewDecision,
  reviewDecisionInput,
  reviewDecisionsInput,
} from './audit-review.ts';
import { auditRecordView } from './audit-shapes.ts';
import { type AnyChannel, defineChannel } from './channel.ts';
import { driftReport } from './diagnostics.ts';
import { drillChannels } from './drill-channels.ts';
import { enrolmentChannels } from './enrolment-channels.ts';
import { claimOutcome, connectivity, sharedState, stationEvent } from './events.ts';
import { finalCheckChannels } from './final-check-channels.ts';
import { inspectorReportChannels } from './inspector-report.ts';
import { stationWebhookState } from './notifications.ts';
import { orderHoldsChannels } from './order-holds.ts';
import { taskChannels } from './order-tasks.ts';
import { outboxChannels } from './outbox-channels.ts';
import { printChannels } from './print-channels.ts';
import { printerList, testPageInput, testPageResult } from './printers.ts';
import { reviewChecksChannels } from './review-checks.ts';
import { scanOutcome, scanResolveInput } from './scan.ts';
import { sessionState, signInInput, unlockInput } from './session.ts';
import { settingsChannels } from './settings-channels.ts';
import { confirmPharmacistInput, pharmacistConfirmation } from './sign-off.ts';
import { stockChannels } from './stock-channels.ts';
import { updateState } from './updates.ts';
import { verifyChannels } from './verify-channels.ts';
import { workQueueChannels } from './work-queue.ts';

const none = z.undefined();
export const stationChannels = {
  'app:info': defineChannel('app:info', {
    input: none,
    output: z.strictObject({
      name: z.string(),
      version: z.string(),
      /** 'electron' in the desktop app, 'browser' in the browser shell. */
      shell: z.enum(['electron', 'browser']),
      training: z.boolean(),
      /** The demo accounts to show on the training sign-in screen (synthetic; empty for a real service). */
      demoAccounts: z.array(z.strictObject({ email: z.string(), role: z.string() })),
      demoPassword: z.string().nullable(),
      /** The station's audit record: keyed or not, and a chain that failed its own check at start, kept aside. */
      auditRecord: auditRecordView,
      /** Where the station's signing key for the pharmacy record is kept: the OS keychain, or memory for this run only. */
      recordKey: z.strictObject({ kept: z.enum(['keychain', 'memory']) }),
    }),
    summary: 'What the station is and which backend it uses',
  }),
  'session:state': defineChannel('session:state', {
    input: none,
    output: sessionState,
    summary: 'The sign-in, no token',
  }),
  'session:signIn': defineChannel('session:signIn', {
    input: signInInput,
    output: sessionState,
    summary: 'Sign in with email and password',
  }),
  'session:confirmService': defineChannel('session:confirmService', {
    /** The address the person was shown; refused when the station now uses another. */
    input: z.strictObject({ baseUrl: z.string().min(1).max(2048) }),
    output: connectivity,
    summary: 'Confirm the custom service before any password is sent to it',
  }),
  'session:signOut': defineChannel('session:signOut', { input: none, output: sessionState, summary: 'Sign out' }),
  'session:lock': defineChannel('session:lock', { input: none, output: sessionState, summary: 'Lock the station' }),
  'session:unlock': defineChannel('session:unlock', {
    input: unlockInput,
    output: sessionState,
    summary: 'Unlock with the password, keeping the screen',
  }),
  'session:confirmPharmacist': defineChannel('session:confirmPharmacist', {
    input: confirmPharmacistInput,
    output: pharmacistConfirmation,
    summary: "A pharmacist confirms at this station with their password; the signed-in person's session is untouched",
  }),
  ...settingsChannels,
  'app:desktopNotifications': defineChannel('app:desktopNotifications', {
    input: none,
    output: z.strictObject({ failure: z.string().nullable() }),
    summary: 'Why the system refuses desktop notifications here, or null',
  }),
  'printers:list': defineChannel('printers:list', {
    input: none,
    output: printerList,
    summary: 'The printers the system offers now',
  }),
  'printers:testPage': defineChannel('printers:testPage', {
    input: testPageInput,
    output: testPageResult,
    summary: 'A test page to the printer set for a kind of document (an admin’s)',
  }),
  'updates:state': defineChannel('updates:state', {
    input: none,
    output: updateState,
    summary: "The station's version and its updates (an admin's)",
  }),
  'audit:list': defineChannel('audit:list', {
    input: auditListInput,
    output: z.array(auditEntry),
    summary: 'The latest recorded verifications, newest first (of one order when given)',
  }),
  'audit:stops': defineChannel('audit:stops', {
    input: auditStopsInput,
    output: z.array(auditStop),
    summary: "An order's recorded hard stops, newest first",
  }),
  'audit:recordReview': defineChannel('audit:recordReview', {
    input: reviewDecisionInput,
    output: reviewDecision,
    summary: "Record a pharmacist's review decision on a prescription; who and when come from main",
  }),
  'audit:reviews': defineChannel('audit:reviews', {
    input: reviewDecisionsInput,
    output: z.array(reviewDecision),
    summary: "A prescription's recorded review decisions, newest first",
  }),
  'audit:export': defineChannel('audit:export', {
    input: auditExportInput,
    output: auditExport,
    summary: 'Every audit record of a date range as CSV or JSON, with its chain hashes (admins only)',
  }),
  'audit:adjustments': defineChannel('audit:adjustments', {
    input: auditAdjustmentsInput,
    output: z.array(auditAdjustment),
    summary: "A lot's quantity adjustments made at this station, newest first; main records them, never the renderer",
  }),
  ...auditRecordChannels,
  ...verifyChannels,
  ...printChannels,
  ...drillChannels,
  ...inspectorReportChannels,
  ...taskChannels,
  ...stockChannels,
  ...outboxChannels,
  ...enrolmentChannels,
  ...workQueueChannels,
  ...finalCheckChannels,
  ...orderHoldsChannels,
  ...reviewChecksChannels,
  'events:recent': defineChannel('events:recent', {
    input: z.strictObject({ limit: z.number().int().min(1).max(500).optional() }).optional(),
    output: z.array(stationEvent),
    summary: 'The latest order and prescription events',
  }),
  'pharmacy:claim': defineChannel('pharmacy:claim', {
    /** Who claims is the signed-in person (main's session), never the input. */
    input: z.strictObject({ orderId: z.string().min(1).max(200) }),
    output: claimOutcome,
    summary: 'Claim an order for verification at this station; refused while another station holds it',
  }),
  'pharmacy:state': defineChannel('pharmacy:state', {
    input: z.strictObject({ subjectId: z.string().min(1).max(200) }),
    output: sharedState,
    summary: 'What the pharmacy’s stations said about an order or prescription (claimed, verified, stop, reviewed)',
  }),
  'pharmacy:relayPassword': defineChannel('pharmacy:relayPassword', {
    /** IT's password for this station's user on the relay; kept in the keychain, never answered back. */
    input: z.strictObject({ password: z.string().min(1).max(512) }),
    output: z.strictObject({ saved: z.literal(true) }),
    summary: 'Keep this station’s relay password in the keychain (admin)',
  }),
  'events:checkNow': defineChannel('events:checkNow', {
    input: z.undefined().optional(),
    /** What the check found: how many changes it raised (no order content). */
    output: z.strictObject({ state: z.string(), raised: z.number().int().min(0) }),
    summary: 'Check the service for changes now (the newest orders and the orders open here)',
  }),
  'notifications:rotateSecret': defineChannel('notifications:rotateSecret', {
    /** The admin confirmed that every other station stops receiving events until the new secret is shared with it. */
    input: z.strictObject({ confirmed: z.literal(true) }),
    output: z.strictObject({ rotatedAt: z.string() }),
    summary: 'Admin: generate a new webhook secret; main keeps it, the renderer never sees it',
  }),
  'notifications:shareSecret': defineChannel('notifications:shareSecret', {
    /** Write-only, like a password: the renderer passes what the admin typed and never gets a secret back. */
    input: z.strictObject({ secret: z.string().min(16).max(512) }),
    output: z.strictObject({ sharedAt: z.string() }),
    summary: "Admin: give this station the service's current webhook secret",
  }),
  'notifications:stationWebhook': defineChannel('notifications:stationWebhook', {
    input: none,
    output: stationWebhookState,
    summary: "This station's listener URL, whether a signing key is kept and when it was rotated",
  }),
  'scan:resolve': defineChannel('scan:resolve', {
    input: scanResolveInput,
    output: scanOutcome,
    summary:
      'What a scanned code names (order, lot, badge, product, unknown, expired, offline), from the service or, offline, from what this station read',
  }),
  'connectivity:state': defineChannel('connectivity:state', {
    input: none,
    output: connectivity,
    summary: 'Online or not, and the event listener',
  }),
  'diagnostics:drift': defineChannel('diagnostics:drift', {
    input: none,
    output: driftReport,
    summary: 'What the service sent that the station had to coerce, drop or refuse, counted per field (admins only)',
  }),
  'shell:openExternal': defineChannel('shell:openExternal', {
    input: z.strictObject({ url: z.url().max(2048) }),
    output: z.strictObject({ opened: z.boolean() }),
    summary: 'Open an allowlisted https link (a carrier tracking page) in the system browser',
  }),
} as const satisfies Record<string, AnyChannel>;

export type StationChannels = typeof stationChannels;
export type StationChannelName = keyof StationChannels;
