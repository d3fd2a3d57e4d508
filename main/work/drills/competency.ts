// A trainee's competency record, a trainer's (capability run_drills) to read, print and export: every drill the trainee
// was set on this station, when, and its result as main scored it; the trainee and the trainer preparing it named as
// people (the service's names), not by their e-mail. The CSV is the same
// rows, each cell defused for spreadsheets (a leading = + - @ never runs as a formula).

import type { CompetencyContent } from '../../../contract/document-content.ts';
import type { CompetencyAnswer, DrillAttempt } from '../../../contract/ipc/drills.ts';
import { competencyRecord, competencyRows } from '../../../rules/documents/competency.ts';
import { nameOf } from '../../../rules/words/person-name.ts';
import { csvCell } from '../../audit/reviews-export.ts';
import { requireTraining, signedIn } from './drill-access.ts';
import { attemptsOf } from './drill-channels.ts';
import { loadDrills } from './drill-files.ts';
import type { DrillParts } from './drill-parts.ts';

/**
 * The trainee as people know them: the name the service gave them at sign-in, as the audit log keeps it with what they
 * recorded at their drills' orders; their e-mail only while they have recorded nothing there yet.
 */
function traineeName(who: string, attempts: readonly DrillAttempt[], parts: DrillParts): string {
  for (const attempt of attempts) {
    const theirs = parts.audit
      .list({ orderId: attempt.orderId, limit: 20 })
      .find((entry) => entry.user.email.toLowerCase() === who && entry.user.name);
    if (theirs?.user.name) return theirs.user.name;
  }
  return who;
}

export async function competencyOf(trainee: string, parts: DrillParts): Promise<CompetencyContent> {
  requireTraining(parts);
  parts.require('run_drills', "read a trainee's competency record (a trainer, signed in as an admin)");
  const { user } = signedIn(parts);
  const who = trainee.trim().toLowerCase();
  const attempts = await attemptsOf({ trainee: who, limit: 500 }, parts);
  return competencyRecord({
    trainee: traineeName(who, attempts, parts),
    trainer: nameOf(user) ?? user.email,
    preparedAt: new Date(parts.now()).toISOString(),
    attempts,
    roles: Object.fromEntries(loadDrills(parts.drillsDir).map((d) => [d.id, d.role])),
  });
}

export async function competencyWithCsv(trainee: string, parts: DrillParts): Promise<CompetencyAnswer> {
  const record = await competencyOf(trainee, parts);
  const content = competencyRows(record)
    .map((row) => `${row.map(csvCell).join(',')}\r\n`)
    .join('');
  const stem = record.trainee
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const day = new Date(parts.now()).toISOString().slice(0, 10);
  return { record, csv: { filename: `competency-${stem}-${day}.csv`, content } };
}
