// Freeform risk factor text (allergies, conditions, medications) kept for the parser, one row per type, status 'processing'.
import type { RiskFactorType } from '../../../contract/service/patients.ts';
import type { Db } from '../../database/db.ts';
import { newId } from '../../database/records.ts';

export interface RiskFactorText {
  allergies?: string | undefined;
  conditions?: string | undefined;
  medications?: string | undefined;
}

const TYPE_OF: Record<keyof RiskFactorText, RiskFactorType> = {
  allergies: 'allergy',
  conditions: 'condition',
  medications: 'medication',
};

/** Stores each given text as a risk_factor_texts row awaiting parsing; answers the new rows' ids. */
export function storeRiskFactorTexts(db: Db, patientId: string, text: RiskFactorText, now: Date): string[] {
  const at = now.toISOString();
  const ids: string[] = [];
  for (const key of Object.keys(TYPE_OF) as (keyof RiskFactorText)[]) {
    const value = text[key];
    if (value === undefined) continue;
    const id = newId();
    db.run(
      "INSERT INTO risk_factor_texts (id, patient_id, type, text, status, created_at, updated_at) VALUES (?, ?, ?, ?, 'processing', ?, ?)",
      id,
      patientId,
      TYPE_OF[key],
      value,
      at,
      at,
    );
    ids.push(id);
  }
  return ids;
}
