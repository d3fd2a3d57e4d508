// Freeform risk factor text: split into chunks, each matched to the vocabulary (exact, synonym or a near spelling) with a confidence.
import type { RiskFactorType } from '../../../contract/service/patients.ts';
import { normaliseRiskFactorName } from './catalogue.ts';
import { type MedicationStrength, type VocabularyEntry, type VocabularyTerm, vocabularyTerms } from './vocabulary.ts';

/** More chunks than this in one text are kept together as one last (unmatched) chunk, so a flood stays one row. */
export const MAX_CHUNKS = 100;
/** A chunk this long is a sentence, not a name: it is kept, unmatched. */
const MAX_CHUNK_LENGTH = 200;
/** Below this a guess is worse than none: the chunk stays unmatched for a pharmacist to read. */
export const MIN_CONFIDENCE = 0.65;
/** A match of the type the text was submitted as (allergies, conditions, medications) wins a near tie. */
const DECLARED_TYPE_BONUS = 0.15;

export interface ChunkMatch {
  entry: VocabularyEntry;
  term: VocabularyTerm;
  /** 1 for the entry's own name exactly; 0.9 for a synonym or brand name; lower for a near spelling or a partial chunk. */
  confidence: number;
  viaSynonym: boolean;
  /** Medications: the product of the strength written in the chunk (`lisinopril 10mg`), when the vocabulary has it. */
  product?: MedicationStrength;
}

export interface ParsedChunk {
  /** The chunk as written (trimmed). */
  text: string;
  match: ChunkMatch | null;
}

// Lists arrive with commas, semicolons, new lines, bullets or "and" between the items.
const SEPARATORS = /[\r\n,;•|]+|\s+(?:and|&|plus)\s+/i;
const LIST_MARKER = /^(?:[-*·]+|\d{1,3}[.)])\s*/;
const NOTHING = /^(?:none|no|nka|nkda|nkma|n\/?a|denies|no known (?:drug |medication )?allergies)\.?$/i;

/** The chunks of a text, in order; "none"-like statements carry no risk factor and are dropped. */
export function splitRiskFactorText(text: string): string[] {
  const chunks = text
    .split(SEPARATORS)
    .map((part) =>
      part
        .replace(LIST_MARKER, '')
        .replace(/^and\s+/i, '')
        .replace(/[.\s]+$/, '')
        .trim(),
    )
    .filter((part) => part.length > 0 && !NOTHING.test(part));
  if (chunks.length <= MAX_CHUNKS) return chunks;
  return [...chunks.slice(0, MAX_CHUNKS - 1), chunks.slice(MAX_CHUNKS - 1).join(', ')];
}

// Words that say how or why, not what: dropped from chunks and vocabulary terms alike before comparing.
const FILLER = new Set(
  (
    'allergic allergy allergies to hx history of h o diagnosed with takes taking on pt patient has severe mild ' +
    'moderate known tablet tablets tab tabs capsule capsules cap caps po daily qd bid tid qid qhs prn once twice ' +
    'nightly weekly every morning evening bedtime per day by mouth as needed'
  ).split(' '),
);

const STRENGTH = /(\d+(?:\.\d+)?)\s*(mg|mcg|µg|ug|g|ml|meq|units?|unt|iu|%)(?:\s*\/\s*(ml|actuat))?(?![a-z])/gi;
const UNIT: Record<string, string> = { mcg: 'MCG', µg: 'MCG', ug: 'MCG', unit: 'UNT', units: 'UNT', iu: 'UNT' };

/** A strength as RxNorm writes it: `10mg` -> `10 MG`, `100 units/ml` -> `100 UNT/ML`. */
export function normaliseStrength(value: string, unit: string, per?: string): string {
  const u = UNIT[unit.toLowerCase()] ?? unit.toUpperCase();
  return `${Number(value)} ${u}${per ? `/${per.toUpperCase()}` : ''}`;
}

function comparable(text: string): string {
  return normaliseRiskFactorName(text)
    .split(' ')
    .filter((word) => word && !FILLER.has(word))
    .join(' ');
}

interface IndexedTerm {
  term: VocabularyTerm;
  key: string;
}
const byWords = new Map<number, IndexedTerm[]>();
for (const term of vocabularyTerms) {
  const key = comparable(term.text) || term.key;
  const words = key.split(' ').length;
  const list = byWords.get(words) ?? [];
  list.push({ term, key });
  byWords.set(words, list);
}
const maxWords = Math.max(...byWords.keys());

/** How many edits a term of this length may be off by: short names (PCN, CKD, dust) must be spelled exactly. */
function editsAllowed(length: number): number {
  if (length <= 4) return 0;
  if (length <= 7) return 1;
  if (length <= 12) return 2;
  return 3;
}

/** Optimal string alignment distance (a swap of neighbours is one edit), or Infinity beyond `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return Number.POSITIVE_INFINITY;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, (prevPrev[j - 2] as number) + 1);
      }
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return Number.POSITIVE_INFINITY;
    prevPrev = prev;
    prev = row;
  }
  const distance = prev[b.length] as number;
  return distance > max ? Number.POSITIVE_INFINITY : distance;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The best vocabulary match of one chunk, preferring the type the text was submitted as; null below MIN_CONFIDENCE. */
export function matchChunk(chunk: string, declared: RiskFactorType): ChunkMatch | null {
  if (chunk.length > MAX_CHUNK_LENGTH) return null;
  const strengths = [...chunk.matchAll(STRENGTH)].map((m) => normaliseStrength(m[1] as string, m[2] as string, m[3]));
  const key = comparable(chunk.replace(STRENGTH, ' '));
  if (!key) return null;
  const words = key.split(' ');
  let best: { match: ChunkMatch; score: number } | null = null;
  for (let size = Math.min(words.length, maxWords); size >= 1; size--) {
    for (let start = 0; start + size <= words.length; start++) {
      const window = words.slice(start, start + size).join(' ');
      // Part of a chunk ("penicillin" in "penicillin rash") is a weaker match than the whole of it, and a short
      // name lost in a long chunk ("dust" in "unicorn dust") falls below MIN_CONFIDENCE.
      const coverage = 0.5 + 0.5 * (window.length / key.length);
      for (const { term, key: termKey } of byWords.get(size) ?? []) {
        const distance = editDistance(window, termKey, editsAllowed(termKey.length));
        if (distance === Number.POSITIVE_INFINITY) continue;
        const base = term.kind === 'name' ? 1 : 0.9;
        const similarity = 1 - distance / Math.max(window.length, termKey.length);
        const confidence = round(distance === 0 ? base * coverage : base * 0.9 * similarity * coverage);
        if (confidence < MIN_CONFIDENCE) continue;
        const score = confidence + (term.entry.type === declared ? DECLARED_TYPE_BONUS : 0);
        if (best && score <= best.score) continue;
        best = { score, match: { entry: term.entry, term, confidence, viaSynonym: term.kind !== 'name' } };
      }
    }
  }
  if (!best) return null;
  const products = best.match.entry.medication?.strengths ?? [];
  const product = products.find((p) => strengths.includes(p.strength.replace(/^([\d.]+)/, (n) => String(Number(n)))));
  return product ? { ...best.match, product } : best.match;
}

/** Every chunk of a text with its match (or none). */
export function parseRiskFactorText(text: string, declared: RiskFactorType): ParsedChunk[] {
  return splitRiskFactorText(text).map((chunk) => ({ text: chunk, match: matchChunk(chunk, declared) }));
}
