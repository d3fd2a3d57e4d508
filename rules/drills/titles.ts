// The title a drill shows: a trainer reads what the drill is about, and so does the trainee once it is scored (the
// results); before that the trainee reads only their role's practice, since a title such as "Short count" or
// "Look-alike in the bin" gives the problem away. The practice bin sheet, handed to the trainee, carries the neutral one.

export type DrillRole = 'technician' | 'pharmacist';

/** What a trainee's card and bin sheet say before the score: the role's practice, never the problem set up. */
export const NEUTRAL_DRILL_TITLES: Readonly<Record<DrillRole, string>> = {
  technician: 'Technician practice drill',
  pharmacist: 'Pharmacist practice drill',
};

export function drillTitleShown(
  drill: { title: string; role: DrillRole },
  shown: { trainer: boolean; scored: boolean },
): string {
  return shown.trainer || shown.scored ? drill.title : NEUTRAL_DRILL_TITLES[drill.role];
}
