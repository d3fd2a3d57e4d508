// The drills' channels, decided in main: only against the training service; a trainer (admin) sets a drill up for a
// trainee; the trainee (or the trainer) says done and main scores it from its own records; results by role.

import type { Drill } from '../../contract/drills.ts';
import type { ChannelGroup } from '../../contract/ipc/channel-group.ts';
import type { DrillAttempt, DrillSummary } from '../../contract/ipc/drills.ts';
import type { ChannelName } from '../../contract/ipc.ts';
import { roleMay } from '../../contract/rules/capabilities.ts';
import { checkWords } from '../../contract/rules/drills/check-words.ts';
import { scoreDrill } from '../../contract/rules/drills/score.ts';
import { nameOf } from '../../contract/rules/words/person-name.ts';
import { operations } from '../../contract/service/operations.ts';
import type { AuditLog } from '../audit/index.ts';
import { StationError } from '../errors/station-errors.ts';
import type { Outbox } from '../outbox/types.ts';
import { callService, type ServiceCallParts } from '../service-calls/service-calls.ts';
import { requireCapability } from '../session/capability-gate.ts';
import type { Session } from '../session/index.ts';
import { loadDrills } from './drill-files.ts';
import type { DrillParts } from './drill-parts.ts';
import { countSamePatient, recordsOf } from './drill-records.ts';
import { type AttemptRow, type DrillResults, openDrillResults } from './results-repository.ts';

function requireTraining(parts: DrillParts): void {
  if (!parts.training) {
    throw new StationError(
      'not_allowed',
      'Drills run only against the training service: this station works with a real pharmacy service.',
    );
  }
}

function signedIn(parts: DrillParts) {
  const { user, role } = parts.signedIn();
  if (!user) throw new StationError('not_signed_in', 'Sign in first.');
  return { user, role };
}

function drillOf(id: string, parts: DrillParts): Drill {
  const found = loadDrills(parts.drillsDir).find((d) => d.id === id);
  if (!found) throw new StationError('not_found', `This station has no drill "${id}".`);
  return found;
}

/** The drill results file, open for one call: its own file in the data folder, never the audit log. */
function withResults<T>(parts: DrillParts, work: (results: DrillResults) => T): T {
  const results = openDrillResults({ dataDir: parts.dataDir, serviceId: parts.serviceId });
  try {
    return work(results);
  } finally {
    results.close();
  }
}

function viewOf(row: AttemptRow, drill: Drill | undefined): DrillAttempt {
  const seconds = row.finishedAt === null ? null : Math.max(0, Math.round((row.finishedAt - row.startedAt) / 1000));
  const minutes = drill?.minutes ?? 0;
  return {
    id: row.id,
    drillId: row.drillId,
    title: drill?.title ?? row.drillId,
    trainee: row.trainee,
    trainer: row.trainer,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    prescriptionId: row.prescriptionId,
    bin: row.bin,
    brief: drill?.brief ?? '',
    minutes,
    startedAt: new Date(row.startedAt).toISOString(),
    finishedAt: row.finishedAt === null ? null : new Date(row.finishedAt).toISOString(),
    secondsTaken: seconds,
    overTime: seconds !== null && drill !== undefined && seconds > minutes * 60,
    results: row.results,
    passed: row.results === null ? null : row.results.filter((r) => r.passed).length,
    total: drill?.checks.length ?? row.results?.length ?? 0,
    // What the drill teaches gives the answer away: it is shown once the drill is scored.
    lesson: row.results === null ? '' : (drill?.lesson ?? ''),
  };
}

/** The attempt scored from main's own records of its order, once: an attempt already scored keeps its score. */
async function scored(row: AttemptRow, drill: Drill, parts: DrillParts): Promise<AttemptRow> {
  if (row.finishedAt !== null) return row;
  const results = scoreDrill(drill.checks, await recordsOf(row, drill, parts));
  return withResults(parts, (store) => store.finish(row.id, results, parts.now()));
}

const byId = (parts: DrillParts) => new Map(loadDrills(parts.drillsDir).map((d) => [d.id, d]));

export const drillChannels = {
  list(parts: DrillParts): DrillSummary[] {
    requireTraining(parts);
    const { role } = signedIn(parts);
    // What is checked is the trainer's to see: shown to a trainee beforehand it gives the answer away.
    const trainer = roleMay(role, 'run_drills');
    return loadDrills(parts.drillsDir).map((d) => ({
      id: d.id,
      title: d.title,
      role: d.role,
      brief: d.brief,
      minutes: d.minutes,
      expects: trainer ? d.checks.map(checkWords) : [],
    }));
  },

  async start(input: { drillId: string; trainee: string }, parts: DrillParts): Promise<DrillAttempt> {
    requireTraining(parts);
    parts.require('run_drills', 'set a drill up for a trainee (a trainer, signed in as an admin)');
    const { user } = signedIn(parts);
    const drill = drillOf(input.drillId, parts);
    const setUp = await parts.call(operations.drills.setup, { body: { drill_id: drill.id, setup: drill.setup } });
    const countsPatients = drill.checks.some((c) => c.kind === 'no_duplicate_patient');
    const patientsAtStart = countsPatients ? await countSamePatient(drill, parts) : null;
    const row = withResults(parts, (results) =>
      results.add({
        drillId: drill.id,
        trainee: input.trainee.trim().toLowerCase(),
        trainer: { id: user.id, email: user.email, name: nameOf(user) },
        orderId: setUp.order_id,
        orderNumber: setUp.order_number,
        prescriptionId: setUp.prescription_id ?? null,
        bin: setUp.bin.map(({ name, code, count }) => ({ name, code, count })),
        patientsAtStart,
        startedAt: parts.now(),
      }),
    );
    return viewOf(row, drill);
  },

  async done(input: { attemptId: string }, parts: DrillParts): Promise<DrillAttempt> {
    requireTraining(parts);
    const { user, role } = signedIn(parts);
    const row = withResults(parts, (results) => results.get(input.attemptId));
    const mine = row !== null && row.trainee === user.email.toLowerCase();
    if (!row || !(mine || roleMay(role, 'run_drills'))) {
      throw new StationError('not_found', 'No drill of yours has that id.');
    }
    const drill = drillOf(row.drillId, parts);
    return viewOf(await scored(row, drill, parts), drill);
  },

  /** Newest first; a drill whose time ran out without a "done" is scored now, from the records as they are. */
  async results(input: { limit?: number | undefined } | undefined, parts: DrillParts): Promise<DrillAttempt[]> {
    requireTraining(parts);
    const { user, role } = signedIn(parts);
    const drills = byId(parts);
    const trainee = roleMay(role, 'run_drills') ? undefined : user.email.toLowerCase();
    const rows = withResults(parts, (results) =>
      results.list({ ...(trainee ? { trainee } : {}), limit: input?.limit ?? 200 }),
    );
    const views: DrillAttempt[] = [];
    for (const row of rows) {
      const drill = drills.get(row.drillId);
      const timedOut = drill !== undefined && parts.now() > row.startedAt + drill.minutes * 60_000;
      views.push(viewOf(drill && timedOut ? await scored(row, drill, parts) : row, drill));
    }
    return views;
  },
};

/** What the drill channels receive of the station: adapted here to the drills' own parts (drill-parts.ts). */
export interface DrillChannelParts extends ServiceCallParts {
  backend: { kind: string; serviceId: string };
  options: { dataDir: string; drillsDir?: string; now?: () => number };
  session: Pick<Session, 'state' | 'caller'>;
  audit: AuditLog;
  outbox: Pick<Outbox, 'entries'>;
}

function drillParts(parts: DrillChannelParts): DrillParts {
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

export const drillHandlers: ChannelGroup<Extract<ChannelName, `drills:${string}`>, DrillChannelParts> = {
  'drills:list': (_, parts) => drillChannels.list(drillParts(parts)),
  'drills:start': (input, parts) => drillChannels.start(input, drillParts(parts)),
  'drills:done': (input, parts) => drillChannels.done(input, drillParts(parts)),
  'drills:results': (input, parts) => drillChannels.results(input, drillParts(parts)),
};
