// A trainee's competency record (training drills): each drill they were set, when, its result as main scored it, and
// the trainer who prepared the record; the same rows print and export (CSV), so the paper and the file agree.

import type { CompetencyContent } from '../../contract/document-content.ts';
import type { DrillAttempt } from '../../contract/ipc/drills.ts';
import { writtenMoment } from '../words/dates.ts';

export interface CompetencyFacts {
  trainee: string;
  /** The trainer preparing the record (signed in), by name. */
  trainer: string;
  /** ISO moment the record was prepared, on main's clock. */
  preparedAt: string;
  /** The trainee's attempts, newest first, as main holds and scored them. */
  attempts: readonly DrillAttempt[];
  /** The role each drill is for, by drill id (from the drill files). */
  roles: Readonly<Record<string, 'technician' | 'pharmacist'>>;
}

export function timeTaken(seconds: number | null, overTime: boolean): string {
  if (seconds === null) return '—';
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s${overTime ? ' (past the time allowed)' : ''}`;
}

function outcomeOf(attempt: DrillAttempt): string {
  if (attempt.resultsEdited) return 'Results edited outside the station: not counted';
  if (attempt.passed === null) return 'Not scored yet';
  const missed = attempt.total - attempt.passed;
  return missed === 0 ? 'Passed' : `Missed ${missed} ${missed === 1 ? 'check' : 'checks'}`;
}

export function competencyRecord(facts: CompetencyFacts): CompetencyContent {
  const scored = facts.attempts.filter((a) => a.passed !== null);
  const passed = scored.filter((a) => a.passed === a.total).length;
  return {
    kind: 'competency_record',
    trainee: facts.trainee,
    trainer: facts.trainer,
    prepared: writtenMoment(facts.preparedAt) ?? facts.preparedAt,
    summary:
      facts.attempts.length === 0
        ? 'No drill set up for this trainee yet.'
        : `${scored.length} of ${facts.attempts.length} drills scored; ${passed} passed with every check.`,
    drills: facts.attempts.map((a) => ({
      drill: a.title,
      role: facts.roles[a.drillId] === 'pharmacist' ? 'Pharmacist' : 'Technician',
      setUpBy: a.trainer.name ?? a.trainer.email,
      started: writtenMoment(a.startedAt) ?? a.startedAt,
      finished: a.finishedAt ? (writtenMoment(a.finishedAt) ?? a.finishedAt) : '—',
      result: a.passed === null ? '—' : `${a.passed} of ${a.total} checks passed`,
      outcome: outcomeOf(a),
      time: timeTaken(a.secondsTaken, a.overTime),
    })),
  };
}

export const COMPETENCY_CSV_HEADER = [
  'Trainee',
  'Drill',
  'For',
  'Set up by',
  'Started',
  'Finished',
  'Result',
  'Outcome',
  'Time taken',
  'Record prepared by',
  'Prepared',
] as const;

/** The record as rows for a spreadsheet: the header, then one row per drill (the trainee and trainer on each). */
export function competencyRows(content: CompetencyContent): string[][] {
  return [
    [...COMPETENCY_CSV_HEADER],
    ...content.drills.map((d) => [
      content.trainee,
      d.drill,
      d.role,
      d.setUpBy,
      d.started,
      d.finished,
      d.result,
      d.outcome,
      d.time,
      content.trainer,
      content.prepared,
    ]),
  ];
}
