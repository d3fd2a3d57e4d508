// Which fields of a result hold the query's terms. The service answers the records and their rank, not where they
// matched, so the station looks for the terms in the fields the service searches (training/domains/search).
import type { SearchResult } from '../../../contract/service/search.ts';
import { termSpans } from './highlight.ts';
import { resultTypeOf } from './result-kinds.ts';
import { formatPhone, fullNameOf, textOf } from './result-text.ts';

/** A searched field: its label, the forms its value is searched in, and its weight in the service's ranking. */
interface SearchedField {
  label: string;
  forms(result: SearchResult): string[];
  weight: number;
  /** A phone or a date: also matched by its digits alone ("555-010" finds 5550104477). */
  digits?: boolean;
}

export interface FieldMatch {
  label: string;
  /** The form of the value that holds the terms (a date of birth as typed: 02/29/1980 or 1980-02-29). */
  value: string;
  digits: boolean;
  /** The query's terms found in this field. */
  terms: string[];
}

const one =
  (key: string) =>
  (result: SearchResult): string[] => {
    const value = textOf(result, key);
    return value ? [value] : [];
  };

const field = (label: string, key: string, weight: number, digits = false): SearchedField => ({
  label,
  forms: one(key),
  weight,
  digits,
});

const name: SearchedField = {
  label: 'Name',
  forms: (r) => {
    const full = fullNameOf(r);
    return full ? [full] : [];
  },
  weight: 6,
};

/** A date of birth in the three forms the service searches: YYYY-MM-DD, MM/DD/YYYY and YYYYMMDD. */
const birthDate: SearchedField = {
  label: 'Date of birth',
  forms: (r) => {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(textOf(r, 'date_of_birth') ?? '');
    if (!day) return [];
    const [iso, year, month, date] = day;
    return [iso, `${month}/${date}/${year}`, `${year}${month}${date}`];
  },
  weight: 8,
};

/** A phone as people read it; its digits still match whatever punctuation was typed. */
const phone: SearchedField = {
  label: 'Phone',
  forms: (r) => {
    const value = textOf(r, 'phone');
    return value ? [formatPhone(value)] : [];
  },
  weight: 3,
  digits: true,
};

const id = field('Id', 'id', 1);
const contact = [phone, field('Email', 'email', 3)];
const product = [
  field('Name', 'name', 6),
  field('SKU', 'sku', 8),
  field('Product code', 'product_code', 8),
  field('UPC', 'upc', 8),
  id,
];

const fieldsByType: Record<string, SearchedField[]> = {
  order: [field('Order number', 'order_number', 8), field('External id', 'external_id', 8), id],
  patient: [name, ...contact, birthDate, field('External id', 'external_id', 8), id],
  prescriber: [name, field('NPI', 'npi', 8), field('DEA', 'dea', 8), field('SPI', 'spi', 8), ...contact, id],
  prescription: [field('Drug', 'drug_name', 6), id],
  non_prescription: product,
  order_material: product,
  task: [field('Name', 'name', 6), field('Description', 'description', 1), id],
};

const fallback = [field('Name', 'name', 6), name, id];

function matchOf(result: SearchResult, searched: SearchedField, terms: readonly string[]): FieldMatch | null {
  const digits = searched.digits === true;
  let best: FieldMatch | null = null;
  for (const value of searched.forms(result)) {
    const found = terms.filter((term) => termSpans(value, term, digits).length > 0);
    if (found.length > (best?.terms.length ?? 0)) best = { label: searched.label, value, digits, terms: found };
  }
  return best;
}

/**
 * The fields that hold the terms, fewest first: the field holding most terms (ties: the heavier field in the
 * service's ranking, then the order above), then for the terms still unplaced the next such field, and so on.
 * Empty when no shown field holds a term (the service also ignores some punctuation this does not).
 */
export function matchedFields(result: SearchResult, terms: readonly string[]): FieldMatch[] {
  const searched = fieldsByType[resultTypeOf(result)] ?? fallback;
  const chosen: FieldMatch[] = [];
  let left = [...terms];
  while (left.length > 0) {
    let best: { match: FieldMatch; weight: number } | null = null;
    for (const candidate of searched) {
      if (chosen.some((match) => match.label === candidate.label)) continue;
      const match = matchOf(result, candidate, left);
      if (!match) continue;
      const better =
        !best ||
        match.terms.length > best.match.terms.length ||
        (match.terms.length === best.match.terms.length && candidate.weight > best.weight);
      if (better) best = { match, weight: candidate.weight };
    }
    if (!best) break;
    const placed = best.match;
    chosen.push(placed);
    left = left.filter((term) => !placed.terms.includes(term));
  }
  return chosen;
}
