// The risk factor catalogue: the service's representative entries that a patient's risk factors are matched to by name.
import { createHash } from 'node:crypto';
import type { RiskFactorType } from '../../../contract/service/patients.ts';
import type { Db } from '../../database/db.ts';

export interface MedicationDetail {
  name?: string;
  ingredient_name?: string;
  ingredient_rxcui?: string;
  normalization_key?: string;
}

export interface CatalogueEntry {
  id: string;
  type: RiskFactorType;
  name: string;
  normalization_key: string;
  doc: string;
}

/** The matching key of a name: case, accents' composition, punctuation and spacing do not matter. */
export function normaliseRiskFactorName(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * A few common entries so matching works before the full vocabulary arrives (a later issue, in resources/).
 * Medication RxCUIs are RxNorm ingredient identifiers.
 */
const SEED: { type: RiskFactorType; name: string; rxcui?: string }[] = [
  { type: 'allergy', name: 'Penicillin' },
  { type: 'allergy', name: 'Sulfa drugs' },
  { type: 'allergy', name: 'Latex' },
  { type: 'allergy', name: 'Peanuts' },
  { type: 'allergy', name: 'Shellfish' },
  { type: 'allergy', name: 'Aspirin' },
  { type: 'allergy', name: 'Codeine' },
  { type: 'allergy', name: 'Eggs' },
  { type: 'condition', name: 'Asthma' },
  { type: 'condition', name: 'Diabetes' },
  { type: 'condition', name: 'Hypertension' },
  { type: 'condition', name: 'Chronic kidney disease' },
  { type: 'condition', name: 'Heart failure' },
  { type: 'condition', name: 'Atrial fibrillation' },
  { type: 'condition', name: 'Hypothyroidism' },
  { type: 'condition', name: 'Pregnancy' },
  { type: 'medication', name: 'Warfarin', rxcui: '11289' },
  { type: 'medication', name: 'Lisinopril', rxcui: '29046' },
  { type: 'medication', name: 'Metformin', rxcui: '6809' },
  { type: 'medication', name: 'Atorvastatin', rxcui: '83367' },
  { type: 'medication', name: 'Levothyroxine', rxcui: '10582' },
  { type: 'medication', name: 'Amoxicillin', rxcui: '723' },
  { type: 'medication', name: 'Albuterol', rxcui: '435' },
];

/** A stable id per entry, so every training database (and every demo seed) names an entry the same way. */
export function catalogueId(type: RiskFactorType, key: string): string {
  const hex = createHash('sha1').update(`risk-factor:${type}:${key}`).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Adds the seed entries that are missing; cheap when they are all there. Safe inside a caller's transaction. */
export function ensureRiskFactorCatalogue(db: Db): void {
  const present = db.get<{ n: number }>('SELECT COUNT(*) AS n FROM risk_factor_catalog') as { n: number };
  if (present.n >= SEED.length) return;
  db.transaction(() => {
    for (const entry of SEED) {
      const key = normaliseRiskFactorName(entry.name);
      const detail: MedicationDetail | undefined = entry.rxcui
        ? {
            name: entry.name.toLowerCase(),
            ingredient_name: entry.name.toLowerCase(),
            ingredient_rxcui: entry.rxcui,
            normalization_key: key,
          }
        : undefined;
      db.run(
        'INSERT OR IGNORE INTO risk_factor_catalog (id, type, name, normalization_key, doc) VALUES (?, ?, ?, ?, ?)',
        catalogueId(entry.type, key),
        entry.type,
        entry.name,
        key,
        JSON.stringify(detail ? { medication_detail: detail } : {}),
      );
    }
  });
}

/** The catalogue entry a risk factor's name stands for, if any. */
export function findCatalogueEntry(db: Db, type: RiskFactorType, name: string): CatalogueEntry | undefined {
  return db.get<CatalogueEntry>(
    'SELECT * FROM risk_factor_catalog WHERE type = ? AND normalization_key = ?',
    type,
    normaliseRiskFactorName(name),
  );
}
