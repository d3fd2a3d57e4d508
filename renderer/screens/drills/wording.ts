// The Drills screen's words in one place.
import { timeTaken } from '../../../rules/documents/competency.ts';

/** A role as the drill list names it (a drill is for a technician unless it says otherwise). */
const roleNames: Record<string, string> = { technician: 'Technician', pharmacist: 'Pharmacist', admin: 'Admin' };

export const drillWords = {
  title: 'Drills',
  intro:
    'Scripted practice on the training service: a trainer sets a drill up, the trainee works it at the station, and the station scores it from what it recorded.',
  onlyTraining: 'Drills run only against the training service.',
  listTitle: 'Drills',
  attemptsTitle: 'Drills set up and scored',
  trainerOnly: 'A trainer (signed in as an admin) sets a drill up for you; it then shows below.',
  startFor: 'For',
  start: 'Set up',
  starting: 'Setting up…',
  checks: 'Checked afterwards',
  none: 'No drill set up yet.',
  done: 'I am done: score it',
  scoring: 'Scoring…',
  bin: 'Practice bin',
  printBin: 'Print the bin sheet',
  order: (n: string) => `Order ${n}`,
  openOrder: 'Open the order',
  minutes: (m: number) => `${m} min`,
  role: (r: string) => roleNames[r] ?? 'Technician',
  score: (passed: number, total: number) => `${passed} of ${total} checks passed`,
  took: (seconds: number, over: boolean) => `Took ${timeTaken(seconds, over)}`,
  passed: 'Passed',
  missed: 'Missed',
  lesson: 'What this drill teaches',
  inProgress: 'In progress',
  competencyTitle: 'Competency records',
  trainee: 'Trainee',
  competencyOf: (trainee: string) => `Drills of ${trainee}`,
  drill: 'Drill',
  started: 'Started',
  result: 'Result',
  timeTaken: 'Time taken',
  printCompetency: 'Print the competency record',
  exportCsv: 'Export as CSV',
};
