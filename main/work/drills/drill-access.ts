// Who may reach a drill's records: only against the training service, signed in; an attempt by its trainee or a
// trainer (run_drills). The drills' results file is opened for one call at a time.
import { roleMay } from '../../../rules/capabilities.ts';
import { StationError } from '../../platform/errors/station-errors.ts';
import type { DrillParts } from './drill-parts.ts';
import { type AttemptRow, type DrillResults, openDrillResults } from './results-repository.ts';

export function requireTraining(parts: DrillParts): void {
  if (!parts.training) {
    throw new StationError(
      'not_allowed',
      'Drills run only against the training service: this station works with a real pharmacy service.',
    );
  }
}

/** The signed-in person, with their role only once the service confirmed it in this run (never a role from disk). */
export function signedIn(parts: DrillParts) {
  const { user, role, roleConfirmed } = parts.signedIn();
  if (!user) throw new StationError('not_signed_in', 'Sign in first.');
  return { user, role: roleConfirmed ? role : null };
}

/** The drill results file, open for one call: its own file in the data folder, never the audit log. */
export function withResults<T>(parts: DrillParts, work: (results: DrillResults) => T): T {
  const results = openDrillResults({ dataDir: parts.dataDir, serviceId: parts.serviceId });
  try {
    return work(results);
  } finally {
    results.close();
  }
}

/**
 * The attempt, for its trainee or a trainer; anyone else is told there is none (not that it is someone else's), so
 * attempt ids cannot be probed for other trainees' drills.
 */
export function attemptFor(attemptId: string, parts: DrillParts): AttemptRow {
  requireTraining(parts);
  const { user, role } = signedIn(parts);
  const row = withResults(parts, (results) => results.get(attemptId));
  const mine = row !== null && row.trainee === user.email.toLowerCase();
  if (!row || !(mine || roleMay(role, 'run_drills'))) {
    throw new StationError('not_found', 'No drill of yours has that id.');
  }
  return row;
}
