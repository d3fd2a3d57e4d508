// A patient's risk factors as the screen shows them: by type, what needs a pharmacist, and what freeform text added.
import type { RiskFactorMatch, RiskFactorType } from '../../../contract/service/patients.ts';
import { riskFactorTypes } from '../../../contract/service/patients.ts';

export type RiskFilter = 'all' | RiskFactorType;
export const riskFilters: readonly RiskFilter[] = ['all', ...riskFactorTypes];

export const riskFilterLabels: Record<RiskFilter, string> = {
  all: 'All',
  allergy: 'Allergies',
  condition: 'Conditions',
  medication: 'Medications',
};

export const riskTypeLabels: Record<RiskFactorType, string> = {
  allergy: 'Allergy',
  condition: 'Condition',
  medication: 'Medication',
};

/** The type a match belongs under; an unknown type from the service counts as a condition rather than vanishing. */
export function typeOf(match: RiskFactorMatch): RiskFactorType {
  const type = (match.type ?? '').toLowerCase();
  return (riskFactorTypes as readonly string[]).includes(type) ? (type as RiskFactorType) : 'condition';
}

export function isActive(match: RiskFactorMatch): boolean {
  return match.is_active !== false;
}

/** Active matches of each type, for the counts on the filter. */
export function countsByType(matches: readonly RiskFactorMatch[]): Record<RiskFilter, number> {
  const counts: Record<RiskFilter, number> = { all: 0, allergy: 0, condition: 0, medication: 0 };
  for (const match of matches) {
    if (!isActive(match)) continue;
    counts.all += 1;
    counts[typeOf(match)] += 1;
  }
  return counts;
}

/** The matches under a filter, active first (the order the service gave within each part is kept). */
export function filterMatches(
  matches: readonly RiskFactorMatch[],
  filter: RiskFilter,
): { active: RiskFactorMatch[]; inactive: RiskFactorMatch[] } {
  const shown = matches.filter((match) => filter === 'all' || typeOf(match) === filter);
  return { active: shown.filter(isActive), inactive: shown.filter((match) => !isActive(match)) };
}

/** A match a person has not vouched for yet: parsed from text or picked by autocomplete, and still active. */
export function needsConfirmation(match: RiskFactorMatch): boolean {
  return isActive(match) && (match.match_source ?? '').toLowerCase() !== 'manual';
}

export interface MatchNote {
  text: string;
  tone: 'good' | 'warn' | 'plain';
}

/** Short notes beside a match: confirmed or not, how sure the parser was, whether it matched the vocabulary at all. */
export function notesOf(match: RiskFactorMatch): MatchNote[] {
  const notes: MatchNote[] = [];
  if (!isActive(match)) return [{ text: 'Deactivated', tone: 'plain' }];
  if (match.matched === false) notes.push({ text: 'Not recognised', tone: 'warn' });
  if (needsConfirmation(match)) {
    notes.push({ text: 'Needs confirming', tone: 'warn' });
    if (match.matched !== false && typeof match.confidence === 'number' && match.confidence < 1) {
      notes.push({ text: `${Math.round(match.confidence * 100)}% match`, tone: 'plain' });
    }
  } else {
    notes.push({ text: 'Confirmed', tone: 'good' });
  }
  return notes;
}

/** Freeform text sent and not yet seen parsed: which rows existed before, which texts the service is parsing. */
export interface ParseWatch {
  before: readonly string[];
  textIds: readonly string[] | null;
  /** How many times the list was read since. */
  reads: number;
}

/** Reads of the list (about 15 s at the poll rate) after which the screen stops waiting and says so. */
export const PARSE_WATCH_READS = 30;

/** Rows that arrived since the text was sent (from that text when the service said which). */
export function arrivedSince(watch: ParseWatch, matches: readonly RiskFactorMatch[]): RiskFactorMatch[] {
  const before = new Set(watch.before);
  return matches.filter(
    (match) =>
      !before.has(match.id) &&
      (watch.textIds === null ||
        (match.risk_factor_text_id != null && watch.textIds.includes(match.risk_factor_text_id))),
  );
}

/**
 * Whether the parsing is done as far as the screen can tell: every text the service named has a row. A chunk that
 * matches a risk factor the patient already has adds no row, so the wait also ends after PARSE_WATCH_READS reads.
 */
export function watchSettled(watch: ParseWatch, matches: readonly RiskFactorMatch[]): boolean {
  if (watch.reads >= PARSE_WATCH_READS) return true;
  const arrived = arrivedSince(watch, matches);
  if (watch.textIds === null) return arrived.length > 0;
  return watch.textIds.every((id) => arrived.some((match) => match.risk_factor_text_id === id));
}
