// The Drills screen's words in one place.
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
  order: (n: string) => `Order ${n}`,
  openOrder: 'Open the order',
  minutes: (m: number) => `${m} min`,
  role: (r: string) => (r === 'pharmacist' ? 'Pharmacist' : 'Technician'),
  score: (passed: number, total: number) => `${passed} of ${total} checks passed`,
  took: (seconds: number, over: boolean) =>
    `Took ${Math.floor(seconds / 60)} min ${seconds % 60} s${over ? ' (past the time allowed)' : ''}`,
  passed: 'Passed',
  missed: 'Missed',
  lesson: 'What this drill teaches',
  inProgress: 'In progress',
};
