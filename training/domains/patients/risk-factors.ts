// A patient's risk factor matches: adding them (matched to the catalogue by name), listing, deactivating and confirming.
import { z } from 'zod';
import type {
  RiskFactorItem,
  RiskFactorMatch,
  RiskFactorType,
  riskFactorBody,
} from '../../../contract/service/patients.ts';
import { parseStoredJson } from '../../../kits/json/stored-json.ts';
import type { Db } from '../../database/db.ts';
import { bool, docOf, flag, newId } from '../../database/records.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';

const medicationDetail = z.record(z.string(), z.string());

import {
  ensureRiskFactorCatalogue,
  findCatalogueEntry,
  type MedicationDetail,
  normaliseRiskFactorName,
} from './catalogue.ts';

export type RiskFactorInput = z.output<typeof riskFactorBody>;

export interface RiskFactorRow {
  id: string;
  patient_id: string;
  risk_factor_id: string | null;
  type: RiskFactorType;
  name: string;
  original_name: string | null;
  confidence: number | null;
  is_active: number;
  match_source: string;
  match_type: string | null;
  matched: number;
  matched_via_synonym: number;
  risk_factor_text_id: string | null;
  text_chunk: string | null;
  medication_detail: string | null;
  created_at: string;
  updated_at: string;
}

/** The flat medication_detail fields of a request (spec §4), nested in the stored match. */
const DETAIL_FIELDS = [
  'brand_name',
  'clinical_product_rxcui',
  'ingredient_name',
  'ingredient_rxcui',
  'normalization_key',
  'product_rxcui',
  'scdf_name',
  'scdf_rxcui',
  'scdg_name',
  'scdg_rxcui',
] as const;

export function riskFactorView(row: RiskFactorRow): RiskFactorMatch {
  return {
    id: row.id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    risk_factor_id: row.risk_factor_id,
    type: row.type,
    name: row.name,
    confidence: row.confidence,
    is_active: bool(row.is_active),
    match_source: row.match_source,
    match_type: row.match_type,
    matched: bool(row.matched),
    matched_via_synonym: bool(row.matched_via_synonym),
    patient_id: row.patient_id,
    risk_factor_text_id: row.risk_factor_text_id,
    text_chunk: row.text_chunk,
    medication_detail: row.medication_detail
      ? parseStoredJson(medicationDetail, row.medication_detail, "a risk factor's medication detail")
      : null,
  };
}

/** An allergy or condition as the create-risk-factors answer shows it (spec §2). */
export function riskFactorItemView(row: RiskFactorRow): RiskFactorItem {
  return { id: row.id, name: row.name, type: row.type, matched: bool(row.matched), original_name: row.original_name };
}

function riskFactorById(db: Db, id: string): RiskFactorRow | undefined {
  return db.get<RiskFactorRow>('SELECT * FROM patient_risk_factors WHERE id = ?', id);
}

/** The patient's active match for the same thing (same catalogue entry, or same normalised name), if any. */
function activeTwin(db: Db, patientId: string, type: RiskFactorType, catalogueId: string | null, key: string) {
  if (catalogueId) {
    return db.get<RiskFactorRow>(
      'SELECT * FROM patient_risk_factors WHERE patient_id = ? AND risk_factor_id = ? AND is_active = 1 LIMIT 1',
      patientId,
      catalogueId,
    );
  }
  return db
    .all<RiskFactorRow>(
      'SELECT * FROM patient_risk_factors WHERE patient_id = ? AND type = ? AND risk_factor_id IS NULL AND is_active = 1',
      patientId,
      type,
    )
    .find((row) => normaliseRiskFactorName(row.name) === key);
}

/**
 * Adds one risk factor to a patient. A name found in the catalogue links risk_factor_id, takes the catalogue's name and
 * counts as matched with confidence 1. Adding what the patient already has (active) answers the existing match
 * instead of a second copy. Call inside a write transaction.
 */
export function addRiskFactor(db: Db, patientId: string, body: RiskFactorInput, now: Date): RiskFactorRow {
  if (body.patient_id !== undefined && body.patient_id.toLowerCase() !== patientId) {
    throw badRequest('patient_id in the body names a different patient than the path.');
  }
  if (body.risk_factor_text_id !== undefined) {
    const text = db.get(
      'SELECT id FROM risk_factor_texts WHERE id = ? AND patient_id = ?',
      body.risk_factor_text_id,
      patientId,
    );
    if (!text) throw notFound('risk factor text of this patient', body.risk_factor_text_id);
  }
  ensureRiskFactorCatalogue(db);
  const entry = findCatalogueEntry(db, body.type, body.name);
  const twin = activeTwin(db, patientId, body.type, entry?.id ?? null, normaliseRiskFactorName(body.name));
  if (twin) return twin;

  const source = body.match_source ?? 'manual';
  const confidence = body.confidence ?? (entry ? 1 : null);
  // Spec §2: autocomplete matches and matches with confidence 1.0 are always matched.
  const matched = source === 'autocomplete' || confidence === 1 || (body.matched ?? entry !== undefined);
  let detail: string | null = null;
  if (body.type === 'medication') {
    const given = Object.fromEntries(DETAIL_FIELDS.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));
    const fromCatalogue = entry ? (docOf<{ medication_detail?: MedicationDetail }>(entry).medication_detail ?? {}) : {};
    detail = JSON.stringify({ name: entry?.name.toLowerCase() ?? body.name, ...fromCatalogue, ...given });
  }
  const id = newId();
  const at = now.toISOString();
  db.run(
    `INSERT INTO patient_risk_factors (id, patient_id, risk_factor_id, type, name, original_name, confidence, is_active,
       match_source, match_type, matched, matched_via_synonym, risk_factor_text_id, text_chunk, medication_detail,
       created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    id,
    patientId,
    entry?.id ?? null,
    body.type,
    entry?.name ?? body.name,
    body.name,
    confidence,
    flag(body.is_active ?? true),
    source,
    body.match_type ?? null,
    flag(matched),
    flag(body.matched_via_synonym ?? false),
    body.risk_factor_text_id ?? null,
    body.text_chunk ?? null,
    detail,
    at,
    at,
  );
  return riskFactorById(db, id) as RiskFactorRow;
}

/** A patient's matches, optionally of one type: active ones first, then by type and name. */
export function listRiskFactors(db: Db, patientId: string, type?: RiskFactorType): RiskFactorRow[] {
  return db.all<RiskFactorRow>(
    `SELECT * FROM patient_risk_factors WHERE patient_id = ? AND (? IS NULL OR type = ?)
     ORDER BY is_active DESC, type, name COLLATE NOCASE, created_at`,
    patientId,
    type ?? null,
    type ?? null,
  );
}

/** The match `riskFactorId` of this patient; a match of another patient is as unknown as a missing one (404). */
export function riskFactorOf(db: Db, patientId: string, riskFactorId: string): RiskFactorRow {
  const row = riskFactorById(db, riskFactorId.toLowerCase());
  if (!row || row.patient_id !== patientId) throw notFound('risk factor match for this patient', riskFactorId);
  return row;
}

/** Deactivates a match (spec §3: it is kept, with is_active false); deactivating twice changes nothing. */
export function deactivateRiskFactor(db: Db, row: RiskFactorRow, now: Date): RiskFactorRow {
  if (row.is_active === 1) {
    db.run('UPDATE patient_risk_factors SET is_active = 0, updated_at = ? WHERE id = ?', now.toISOString(), row.id);
  }
  return riskFactorById(db, row.id) as RiskFactorRow;
}

/** A pharmacist confirms a match: matched, source manual. A deactivated match is not confirmed (409). */
export function confirmRiskFactor(db: Db, row: RiskFactorRow, now: Date): RiskFactorRow {
  if (row.is_active !== 1) {
    throw conflict('This risk factor match was deactivated; add the risk factor again instead of confirming it.');
  }
  db.run(
    "UPDATE patient_risk_factors SET matched = 1, match_source = 'manual', updated_at = ? WHERE id = ?",
    now.toISOString(),
    row.id,
  );
  return riskFactorById(db, row.id) as RiskFactorRow;
}
