// The search screen's words in one place: its title, the field, what the search is doing, nothing found, offline, and
// the palette's share (each kind's titles stay in result-kinds.ts, the matched fields' labels in matched-fields.ts).

export const searchWords = {
  title: 'Search',
  intro: 'Orders, patients, prescribers, prescriptions, products and tasks.',
  fieldLabel: 'Search for',
  placeholder: 'A name, number, phone, email or "exact phrase"',
  hintChoose: ' choose · ',
  hintOpens: ' opens · ',
  hintBack: ' back to the scan field',
  searching: 'Searching…',
  nothingFor: 'Nothing found for ',
  phraseAdvice: ' Words in quotes must appear together, exactly as typed: try them without the quotes.',
  spellingAdvice: ' Check the spelling, or search by a number, a phone or an email.',
  resultCount: (count: number) => (count === 1 ? '1 result' : `${count} results`),
  bestShown: (limit: number) => `: the best ${limit} shown; add a word to narrow the search`,
  exactPhrase: (phrases: readonly string[]) => ` · exact phrase ${phrases.map((p) => `“${p}”`).join(', ')}`,
  byKind: 'Results by kind',
  howTo: 'How to search',
  whatFinds:
    'Find orders, patients, prescribers, prescriptions, products and tasks by an order number, external id, name, phone or part of one, email, date of birth, NPI, DEA, SKU, drug or task name.',
  everyWord: 'Every word must match, in any field: ',
  exactQuotes: 'Put an exact phrase in quotes: ',
  offline: 'Offline:',
  notAnswering: ' the service is not answering.',
  notSearched: (query: string) => ` “${query}” could not be searched.`,
  keptFrom: (query: string, time: string) => ` The results for “${query}” were read at ${time} and may be out of date.`,
  searchAgain: ' Search again when it is back.',
  results: 'Search results',
  elsewhere: 'Matched in a field not shown here',
  palette: {
    group: (q: string) => `Records matching “${q}”`,
    failed: (why: string) => `Search: ${why}`,
    searching: 'Searching records…',
    none: (q: string) => `No records match “${q}”.`,
  },
} as const;
