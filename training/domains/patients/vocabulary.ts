// The risk factor vocabulary shipped in resources/vocabulary/: its entries, the terms the text parser matches, and the catalogue it feeds.
import type { RiskFactorType } from '../../../contract/service/patients.ts';
import allergiesFile from '../../../resources/vocabulary/allergies.json' with { type: 'json' };
import conditionsFile from '../../../resources/vocabulary/conditions.json' with { type: 'json' };
import medicationsFile from '../../../resources/vocabulary/medications.json' with { type: 'json' };
import type { Db } from '../../database/db.ts';
import { catalogueId, type MedicationDetail, normaliseRiskFactorName } from './catalogue.ts';

export interface MedicationStrength {
  /** As RxNorm writes it: `10 MG`, `100 UNT/ML`. */
  strength: string;
  name: string;
  rxcui: string;
}

export interface MedicationFields {
  ingredient_name: string;
  ingredient_rxcui: string;
  brand_names: string[];
  dose_form: string;
  scdf_name: string;
  scdf_rxcui: string;
  scdg_name: string;
  scdg_rxcui: string;
  strengths: MedicationStrength[];
}

export interface VocabularyEntry {
  type: RiskFactorType;
  name: string;
  synonyms: string[];
  /** Medications only. */
  medication?: MedicationFields;
}

/** One name a chunk of text may match: an entry's own name, a synonym or a brand name, normalised. */
export interface VocabularyTerm {
  key: string;
  entry: VocabularyEntry;
  kind: 'name' | 'synonym' | 'brand';
  /** The term as written in the vocabulary (a brand name is reported as such). */
  text: string;
}

interface PlainFile {
  entries: { name: string; synonyms: string[] }[];
}
interface MedicationFile {
  entries: ({ name: string; synonyms: string[] } & MedicationFields)[];
}

function loadEntries(): VocabularyEntry[] {
  const plain = (type: RiskFactorType, file: PlainFile) =>
    file.entries.map((e) => ({ type, name: e.name, synonyms: e.synonyms }));
  const medications = (medicationsFile as MedicationFile).entries.map(({ name, synonyms, ...medication }) => ({
    type: 'medication' as const,
    name,
    synonyms,
    medication,
  }));
  return [
    ...plain('allergy', allergiesFile as PlainFile),
    ...plain('condition', conditionsFile as PlainFile),
    ...medications,
  ];
}

export const vocabulary: readonly VocabularyEntry[] = loadEntries();

/** Every matchable term once per entry (a synonym equal to the name is dropped). */
export const vocabularyTerms: readonly VocabularyTerm[] = vocabulary.flatMap((entry) => {
  const terms: VocabularyTerm[] = [{ key: normaliseRiskFactorName(entry.name), entry, kind: 'name', text: entry.name }];
  const add = (text: string, kind: VocabularyTerm['kind']) => {
    const key = normaliseRiskFactorName(text);
    if (key && !terms.some((t) => t.key === key)) terms.push({ key, entry, kind, text });
  };
  for (const synonym of entry.synonyms) add(synonym, 'synonym');
  for (const brand of entry.medication?.brand_names ?? []) add(brand, 'brand');
  return terms;
});

/** The catalogue's medication_detail of an entry: the ingredient-level RxNorm-style fields. */
export function medicationDetailOf(entry: VocabularyEntry): MedicationDetail & Record<string, string> {
  const m = entry.medication;
  if (!m) return {};
  return {
    name: m.ingredient_name,
    ingredient_name: m.ingredient_name,
    ingredient_rxcui: m.ingredient_rxcui,
    normalization_key: normaliseRiskFactorName(entry.name),
    scdf_name: m.scdf_name,
    scdf_rxcui: m.scdf_rxcui,
    scdg_name: m.scdg_name,
    scdg_rxcui: m.scdg_rxcui,
  };
}

const fed = new WeakSet<Db>();

/**
 * Writes every vocabulary entry into risk_factor_catalog (the same stable ids as the catalogue's seed, so a seeded
 * entry is enriched, not duplicated). Once per database per process, and again if the catalogue was emptied.
 */
export function ensureVocabularyCatalogue(db: Db): void {
  const present = db.get<{ n: number }>('SELECT COUNT(*) AS n FROM risk_factor_catalog') as { n: number };
  if (fed.has(db) && present.n >= vocabulary.length) return;
  db.transaction(() => {
    for (const entry of vocabulary) {
      const key = normaliseRiskFactorName(entry.name);
      const doc = entry.medication
        ? {
            medication_detail: medicationDetailOf(entry),
            synonyms: entry.synonyms,
            brand_names: entry.medication.brand_names,
            strengths: entry.medication.strengths,
          }
        : { synonyms: entry.synonyms };
      db.run(
        `INSERT INTO risk_factor_catalog (id, type, name, normalization_key, doc) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (type, normalization_key) DO UPDATE SET name = excluded.name, doc = excluded.doc`,
        catalogueId(entry.type, key),
        entry.type,
        entry.name,
        key,
        JSON.stringify(doc),
      );
    }
  });
  fed.add(db);
}
