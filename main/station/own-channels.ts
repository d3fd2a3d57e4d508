// The station's own channels (not a service operation): app, session, settings, outbox, audit, events, links.

import type { WorkQueue } from '../../contract/ipc/work-queue.ts';
import type { StationChannelName } from '../../contract/ipc.ts';
import { drillChannels } from '../drills/drill-channels.ts';
import type { DrillParts } from '../drills/drill-parts.ts';
import { NO_POLICY } from '../policy/policy-file.ts';
import { describePolicy } from '../policy/policy-locks.ts';
import { printChannels } from '../print/print-channels.ts';
import type { PrintParts } from '../print/print-parts.ts';
import { listPrinters, printTestPage } from '../printers/printers-channels.ts';
import { updatesOff } from '../updates/update-checks.ts';
import type { RunParts } from '../verify-runs/run-parts.ts';
import { verification } from '../verify-runs/verification.ts';
import { type QueueParts, readWorkQueue } from '../work-queue/work-queue.ts';
import { auditChannels, audited, auditedAsync } from './audit-channels.ts';
import { requireCapability } from './capability-gate.ts';
import { StationError } from './errors.ts';
import { isAllowedExternalUrl } from './external-links.ts';
import type { Handler } from './handler.ts';
import type { StationParts } from './parts.ts';
import { pharmacyChannels, runPharmacy } from './pharmacy-channels.ts';
import { resolveScan } from './scan-resolve.ts';
import { rotateWebhookSecret, shareWebhookSecret, stationWebhookState } from './secret-rotation.ts';
import { callService, isOfflineFailure, readThrough } from './service-calls.ts';
import { confirmService, unconfirmedService } from './service-trust.ts';
import { readSettings, updateSettings } from './settings-channels.ts';

export type OwnHandlers = { readonly [K in StationChannelName]: Handler<K> };

/** The name a task was queued with at this station (a review's clarification), from the outbox. */
function queuedTaskName(parts: StationParts, ref: string): string | null {
  try {
    const name = parts.outbox.get(ref)?.body.name;
    return typeof name === 'string' && name ? name : null;
  } catch {
    return null;
  }
}

/** What a verification run may use of the station (main/verify-runs/run-parts.ts). */
function runParts(parts: StationParts): RunParts {
  return {
    runs: parts.verifyRuns,
    audit: parts.audit,
    signedIn: () => {
      const { user, role } = parts.session.state();
      if (!user) throw new StationError('not_signed_in', 'Sign in first.');
      return { user, role };
    },
    read: (operation, input) => readThrough(operation, input, parts),
    require: (capability, what) => requireCapability(parts.session, capability, what),
    takeConfirmation: (id, purpose) => parts.confirmations.take(id, purpose),
    pharmacy: runPharmacy(parts),
    isOffline: () => parts.connectivity.isOffline(),
    taskName: (ref) => queuedTaskName(parts, ref),
    now: () => Date.now(),
  };
}

/** What printing may use of the station (main/print/print-parts.ts). */
function printParts(parts: StationParts): PrintParts {
  return {
    audit: parts.audit,
    signedIn: () => parts.session.state(),
    require: (capability, what) => requireCapability(parts.session, capability, what),
    takeConfirmation: (id, purpose) => parts.confirmations.take(id, purpose),
    tickets: parts.printTickets,
    now: parts.options.now ?? Date.now,
    settings: () => readSettings(parts),
    read: async (operation, input) => (await readThrough(operation, input, parts)).value,
    write: (operation, input) => callService(operation, input, parts),
    printer: parts.options.printer,
    taskName: (ref) => queuedTaskName(parts, ref),
    log: parts.log.child('print'),
  };
}

/** What the work queue may use of the station (main/work-queue/work-queue.ts). */
function queueParts(parts: StationParts): QueueParts {
  return {
    read: (operation, input) => readThrough(operation, input, parts),
    reviews: (prescriptionId, limit) => parts.audit.reviews({ prescriptionId, limit }),
    verifiedHere: (orderId) => parts.audit.list({ orderId, limit: 20 }).some((entry) => entry.outcome === 'verified'),
    taskName: (ref) => queuedTaskName(parts, ref),
    me: () => parts.session.state().user?.email ?? '',
    now: parts.options.now ?? Date.now,
    kept: {
      put: (queue) => parts.reads.put('workQueue.get', {}, queue, parts.reads.signIn()),
      get: () => parts.reads.get('workQueue.get', {}) as { value: WorkQueue; at: number } | null,
    },
    isOfflineFailure,
  };
}

/** What the training drills may use of the station (main/drills/drill-parts.ts). */
function drillParts(parts: StationParts): DrillParts {
  return {
    training: parts.backend.kind === 'training',
    dataDir: parts.options.dataDir,
    serviceId: parts.backend.serviceId,
    drillsDir: parts.options.drillsDir,
    signedIn: () => parts.session.state(),
    require: (capability, what) => requireCapability(parts.session, capability, what),
    audit: parts.audit,
    outboxEntries: () => parts.outbox.entries({ limit: 10_000 }),
    call: (operation, input) => callService(operation, input, parts),
    now: parts.options.now ?? Date.now,
  };
}

export const ownHandlers: OwnHandlers = {
  'app:info': (_, { options, backend }) => {
    const training = backend.kind === 'training';
    // As the training service announced them at start; a real service's accounts are never listed.
    const demo = training ? backend.demoAccounts : null;
    return {
      name: 'Fulfillment Station',
      version: options.version,
      shell: options.shell,
      training,
      demoAccounts: demo?.accounts ?? [],
      demoPassword: demo?.password ?? null,
    };
  },
  'session:state': (_, { session }) => session.state(),
  'session:signIn': async ({ email, password }, parts) => {
    // A service chosen since the last sign-out applies now; then the parts are the new service's.
    await parts.switchService();
    const { session, connectivity, backend } = parts;
    // No password goes to a custom service nobody here confirmed (it may have been changed on disk or by an admin).
    if (!connectivity.state().serviceConfirmed) throw unconfirmedService(backend.baseUrl);
    try {
      const state = await session.signIn(email, password);
      connectivity.observe({ answered: true });
      return state;
    } catch (error) {
      connectivity.observeError(error);
      throw error;
    }
  },
  'session:confirmService': async ({ baseUrl }, { options, backend, connectivity }) => {
    await confirmService(options.dataDir, backend, baseUrl);
    connectivity.setServiceConfirmed(true);
    return connectivity.state();
  },
  'session:signOut': (_, { session }) => session.signOut(),
  'session:lock': (_, { session }) => session.lock(),
  'session:unlock': ({ password }, { session }) => session.unlock(password),
  // A separate login whose tokens main drops: the signed-in technician stays signed in.
  'session:confirmPharmacist': ({ who, password, purpose }, { confirmations }) =>
    confirmations.confirm(who, password, purpose),
  'settings:get': (_, parts) => readSettings(parts),
  'settings:policy': (_, { options }) => describePolicy(options.policy ?? NO_POLICY),
  'settings:update': (patch, parts) => updateSettings(parts, patch),
  'app:desktopNotifications': (_, { options }) => ({ failure: options.notifications?.failure?.() ?? null }),
  'printers:list': (_, { options }) => listPrinters(options.printer),
  'printers:testPage': async ({ kind }, parts) => {
    requireCapability(parts.session, 'change_printing', 'print a test page');
    return printTestPage(parts.options.printer, await readSettings(parts), kind);
  },
  'updates:state': (_, { options, session }) => {
    requireCapability(session, 'see_diagnostics', 'see the updates');
    return options.updates?.state() ?? updatesOff(options.version, 'Updates come with the installed desktop app.');
  },
  'tasks:enqueue': (write, { outbox }) => outbox.enqueue(write),
  'outbox:list': (_, { outbox }) => ({ counts: outbox.counts(), entries: outbox.entries() }),
  'outbox:retry': ({ id }, { outbox }) => outbox.retry(id),
  'outbox:edit': ({ id, body }, { outbox }) => outbox.edit(id, body),
  'outbox:discard': ({ id }, { outbox }) => {
    outbox.discard(id);
    return { id };
  },
  'audit:list': (input, { audit }) => audited(() => audit.list(input ?? {})),
  'audit:recordReview': (input, parts) => auditChannels.recordReview(input, parts),
  'audit:reviews': (input, { audit }) => audited(() => audit.reviews(input)),
  'audit:export': (input, parts) => auditChannels.exportRange(input, parts),
  'audit:stops': (input, { audit }) => audited(() => audit.stops(input)),
  // Recorded by main after the service confirmed the adjustment (service-calls.ts); the renderer only reads them.
  'audit:adjustments': (input, { audit }) => audited(() => audit.adjustments(input)),
  // Main's run (main/verify-runs/): who from the session, the order and every count from main's own reads.
  'verify:start': ({ orderId, signOffs }, parts) => verification.start(orderId, signOffs ?? [], runParts(parts)),
  'verify:scan': (input, parts) => verification.scan(input, runParts(parts)),
  'verify:undo': ({ orderId }, parts) => verification.undo(orderId, runParts(parts)),
  'verify:answerStop': (input, parts) => auditedAsync(() => verification.answerStop(input, runParts(parts))),
  'verify:finish': (input, parts) => auditedAsync(() => verification.finish(input, runParts(parts))),
  'verify:dropRun': ({ orderId }, parts) => verification.drop(orderId, runParts(parts)),
  // Gated and recorded in main (main/print/): the renderer cannot print a label its line has not earned.
  'drills:list': (_, parts) => drillChannels.list(drillParts(parts)),
  'drills:start': (input, parts) => drillChannels.start(input, drillParts(parts)),
  'drills:done': (input, parts) => drillChannels.done(input, drillParts(parts)),
  'drills:results': (input, parts) => drillChannels.results(input, drillParts(parts)),
  'workQueue:get': (_, parts) => readWorkQueue(queueParts(parts)),
  'print:check': (input, parts) => printChannels.check(input, printParts(parts)),
  'print:document': (input, parts) => printChannels.document(input, printParts(parts)),
  'print:history': (input, parts) => printChannels.history(input, printParts(parts)),
  'print:prepare': (input, parts) => printChannels.prepare(input, printParts(parts)),
  'events:recent': (input, { recent }) => recent.latest(input?.limit ?? 50),
  'pharmacy:claim': (input, parts) => pharmacyChannels.claim(input, parts),
  'pharmacy:state': (input, parts) => pharmacyChannels.state(input, parts),
  'pharmacy:relayPassword': (input, parts) => pharmacyChannels.setPassword(input, parts),
  'events:checkNow': async (_, { events }) => {
    const result = await events.pollNow();
    return { state: result.state, raised: result.state === 'done' ? result.raised : 0 };
  },
  'notifications:rotateSecret': (_, parts) => rotateWebhookSecret(parts),
  'notifications:shareSecret': ({ secret }, parts) => shareWebhookSecret(parts, secret),
  'notifications:stationWebhook': (_, parts) => stationWebhookState(parts),
  'scan:resolve': ({ code }, parts) => resolveScan(code, parts),
  'connectivity:state': (_, { connectivity }) => connectivity.state(),
  // Field paths and kinds of values only; still an admin's view, as it describes the service the pharmacy runs on.
  'diagnostics:drift': (_, { drift, session, backend }) => {
    requireCapability(session, 'see_diagnostics', 'see the service diagnostics');
    return { since: drift.since(), service: backend.baseUrl, entries: drift.entries() };
  },
  'shell:openExternal': async ({ url }, { options }) => {
    if (!isAllowedExternalUrl(url)) {
      throw new StationError('not_allowed', 'Only carrier tracking pages (usps.com, ups.com) open from the station.');
    }
    // Without an opener (the browser shell) the page opens the link itself.
    return { opened: options.openExternal ? await options.openExternal(url) : false };
  },
};
