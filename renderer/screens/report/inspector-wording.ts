// The inspector's report's words in one place (the card, its form, its notices and its printed sheet).
export const inspectorWords = {
  title: "Inspector's report",
  intro:
    'From the pharmacy’s record, the same at every station: each line verified in the range, with the pharmacist of record, the verifier, the final check, the count witness and the label copies.',
  log: 'Log',
  logs: { controlled: 'Controlled-substance dispensing log', daily: 'Daily prescription log' },
  from: 'First day',
  to: 'Last day',
  show: 'Show the log',
  saveCsv: 'Save CSV',
  print: 'Print',
  reading: 'Reading the pharmacy’s record…',
  rows: (count: number) => (count === 1 ? '1 line' : `${count} lines`),
  none: 'Nothing of this log was verified in these days.',
  notShown: (why: string) => `The report was not made: ${why}`,
  saved: (name: string) => `Saved ${name}.`,
  days: (from: string, to: string, zone: string) => `${from} to ${to} (${zone})`,
  unreachable: (since: string) =>
    `The pharmacy’s record cannot be reached since ${since}: this is this station’s copy, and may miss the newest facts of other stations.`,
  scrollLabel: (title: string) => `${title}: scroll with the arrow keys`,
  tableLabel: (title: string) => `${title}, one row per line dispensed`,
};
