// The drills' channels, decided in main: only against the training service; a trainer (admin) sets a drill up for a
// trainee; the trainee (or the trainer) says done and main scores it from its own records; results by role.

import type { Drill } from '../../../contract/drills.ts';
import type { DrillAttempt, DrillSummary } from '../../../contract/ipc/drills.ts';
import { operations } from '../../../contract/service/operations.ts';
import { roleMay } from '../../../rules/capabilities.ts';
import { checkWords } from '../../../rules/drills/check-words.ts';
import { scoreDrill } from '../../../rules/drills/score.ts';
import { drillTitleShown } from '../../../rules/drills/titles.ts';
import { nameOf } from '../../../rules/words/person-name.ts';
import { StationError } from '../../platform/errors/station-errors.ts';
import { attemptFor, requireTraining, signedIn, withResults } from './drill-access.ts';
import { loadDrills } from './drill-files.ts';
import type { DrillParts } from './drill-parts.ts';
import { countSamePatient, recordsOf } from './drill-records.ts';
import { type AttemptRow, sealedText } from './results-repository.ts';

/** The purpose drill results are sealed for under the audit chain's key. */
const DRILL_RESULTS = 'drill results';

function drillOf(id: string, parts: DrillParts): Drill {
  const found = loadDrills(parts.drillsDir).find((d) => d.id === id);
  if (!found) throw new StationError('not_found', `This station has no drill "${id}".`);
  return found;
}

/** The results sealed when scored no longer match their MAC under the audit chain's key: edited outside the station. */
function resultsEdited(row: AttemptRow, parts: DrillParts): boolean {
  if (row.resultsOutOfShape) return true;
  if (row.results === null) return false;
  const expected = parts.audit.seal(DRILL_RESULTS, sealedText(row));
  return expected !== null && row.resultsMac !== expected;
}

/** Whether the person signed in is a trainer (sees what each drill is about before the score). */
function trainerSignedIn(parts: DrillParts): boolean {
  return roleMay(signedIn(parts).role, 'run_drills');
}

function viewOf(row: AttemptRow, drill: Drill | undefined, parts: DrillParts): DrillAttempt {
  // Edited results are not shown as a score: the view names the edit instead.
  const edited = resultsEdited(row, parts);
  const results = edited ? null : row.results;
  const seconds = row.finishedAt === null ? null : Math.max(0, Math.round((row.finishedAt - row.startedAt) / 1000));
  const minutes = drill?.minutes ?? 0;
  return {
    id: row.id,
    drillId: row.drillId,
    // A trainee reads a neutral title until the drill is scored: "Short count" would give the problem away.
    title: drill
      ? drillTitleShown(drill, { trainer: trainerSignedIn(parts), scored: row.results !== null })
      : row.drillId,
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
    results,
    passed: results === null ? null : results.filter((r) => r.passed).length,
    total: drill?.checks.length ?? row.results?.length ?? 0,
    // What the drill teaches gives the answer away: it is shown once the drill is scored.
    lesson: row.results === null ? '' : (drill?.lesson ?? ''),
    resultsEdited: edited,
  };
}

/** The attempt scored from main's own records of its order, once: an attempt already scored keeps its score. */
async function scored(row: AttemptRow, drill: Drill, parts: DrillParts): Promise<AttemptRow> {
  if (row.finishedAt !== null) return row;
  const results = scoreDrill(drill.checks, await recordsOf(row, drill, parts));
  const seal = (text: string) => parts.audit.seal(DRILL_RESULTS, text);
  return withResults(parts, (store) => store.finish(row.id, results, parts.now(), seal));
}

const byId = (parts: DrillParts) => new Map(loadDrills(parts.drillsDir).map((d) => [d.id, d]));

/** Attempts newest first (one trainee's when named), a drill whose time ran out without a "done" scored now. */
export async function attemptsOf(query: { trainee?: string; limit: number }, parts: DrillParts) {
  const drills = byId(parts);
  const rows = withResults(parts, (results) => results.list(query));
  const views: DrillAttempt[] = [];
  for (const row of rows) {
    const drill = drills.get(row.drillId);
    const timedOut = drill !== undefined && parts.now() > row.startedAt + drill.minutes * 60_000;
    views.push(viewOf(drill && timedOut ? await scored(row, drill, parts) : row, drill, parts));
  }
  return views;
}

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
    return viewOf(row, drill, parts);
  },

  async done(input: { attemptId: string }, parts: DrillParts): Promise<DrillAttempt> {
    const row = attemptFor(input.attemptId, parts);
    const drill = drillOf(row.drillId, parts);
    return viewOf(await scored(row, drill, parts), drill, parts);
  },

  /** Newest first; a drill whose time ran out without a "done" is scored now, from the records as they are. */
  async results(input: { limit?: number | undefined } | undefined, parts: DrillParts): Promise<DrillAttempt[]> {
    requireTraining(parts);
    const { user, role } = signedIn(parts);
    const trainee = roleMay(role, 'run_drills') ? undefined : user.email.toLowerCase();
    return attemptsOf({ ...(trainee ? { trainee } : {}), limit: input?.limit ?? 200 }, parts);
  },
};
