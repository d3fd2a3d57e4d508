// What an intake made: each part created or referenced, in words a person reads, and the screen that opens it.
import type { CompositeResult } from '../../../contract/service/prescriptions.ts';
import type { Route } from '../../state/navigation-store.ts';
import { type Part, partTitles } from './draft.ts';

export interface OutcomeRow {
  part: Part;
  title: string;
  id: string;
  created: boolean;
  /** "Created", "Referenced: already on file", "Added to the patient's open order". */
  words: string;
  /** The screen that shows it; null for the electronic prescription, whose prescriptions are linked one by one. */
  route: Route | null;
}

const resultKeys: [Part, 'patient' | 'prescriber' | 'order' | 'electronic_prescription'][] = [
  ['patient', 'patient'],
  ['prescriber', 'prescriber'],
  ['order', 'order'],
  ['prescription', 'electronic_prescription'],
];

function routeOf(part: Part, id: string): Route | null {
  if (part === 'patient') return { screen: 'patients', patientId: id };
  if (part === 'prescriber') return { screen: 'prescribers', prescriberId: id };
  if (part === 'order') return { screen: 'order', orderId: id };
  return null;
}

function wordsOf(part: Part, created: boolean): string {
  if (created) return 'Created';
  // An order is "referenced" when the new products went onto the patient's open order (force_new not set).
  if (part === 'order') return 'Added to the patient’s open order';
  return 'Referenced: already on file';
}

/** One row per part the answer names, in form order; a part without an id is left out rather than linked wrongly. */
export function outcomeRows(result: CompositeResult): OutcomeRow[] {
  const rows: OutcomeRow[] = [];
  for (const [part, key] of resultKeys) {
    const entry = result[key];
    if (!entry || typeof entry.id !== 'string' || entry.id === '') continue;
    const created = entry.created === true;
    rows.push({
      part,
      title: partTitles[part],
      id: entry.id,
      created,
      words: wordsOf(part, created),
      route: routeOf(part, entry.id),
    });
  }
  return rows;
}

/** "2 created, 1 referenced", from the service's summary when it gave one, else counted from the rows. */
export function outcomeHeadline(result: CompositeResult): string {
  const rows = outcomeRows(result);
  const created = result.summary?.entities_created ?? rows.filter((row) => row.created).length;
  const referenced = result.summary?.entities_referenced ?? rows.filter((row) => !row.created).length;
  return `Intake saved: ${created} created, ${referenced} referenced.`;
}
