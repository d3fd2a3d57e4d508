// Patient risk factors (allergies, conditions, medications): matches, create bodies and freeform text for parsing.
import { z } from 'zod';
import { id, maybe, prefixed, recordStamps, uuid } from './common.ts';
import { namesAField } from './shared-fields.ts';

export const riskFactorTypes = ['allergy', 'condition', 'medication'] as const;
export const riskFactorType = z.enum(riskFactorTypes);
export type RiskFactorType = z.infer<typeof riskFactorType>;

/** How a match came about (spec §2). */
export const matchSources = ['autocomplete', 'text', 'manual'] as const;

// ---- Responses (loose) ----

/** An RxNorm concept as a match names it: its name and its RXCUI (`ingredient_name`, `ingredient_rxcui`). */
const rxnormConcept = { name: maybe(z.string()), rxcui: maybe(z.string()) };

/** What a medication match resolved to in the drug vocabulary (RxNorm identifiers). */
export const medicationDetail = z.looseObject({
  brand_name: maybe(z.string()),
  clinical_product_rxcui: maybe(z.string()),
  ...prefixed('ingredient', rxnormConcept),
  name: maybe(z.string()),
  normalization_key: maybe(z.string()),
  product_rxcui: maybe(z.string()),
  ...prefixed('scdf', rxnormConcept),
  ...prefixed('scdg', rxnormConcept),
});

/** How the service matched a patient's words to the vocabulary. */
const howMatched = {
  match_source: maybe(z.string()),
  match_type: maybe(z.string()),
  matched: maybe(z.boolean()),
  matched_via_synonym: maybe(z.boolean()),
};

/** A risk factor mapped to a patient. */
export const riskFactorMatch = z.looseObject({
  ...recordStamps,
  risk_factor_id: maybe(id),
  type: maybe(z.string()),
  name: maybe(z.string()),
  confidence: maybe(z.number()),
  is_active: maybe(z.boolean()),
  ...howMatched,
  patient_id: maybe(id),
  risk_factor_text_id: maybe(id),
  text_chunk: maybe(z.string()),
  medication_detail: maybe(medicationDetail),
});
export type RiskFactorMatch = z.infer<typeof riskFactorMatch>;

/** An allergy or condition as the create-risk-factors operation returns it. */
export const riskFactorItem = z.looseObject({
  id,
  name: maybe(z.string()),
  type: maybe(z.string()),
  matched: maybe(z.boolean()),
  original_name: maybe(z.string()),
});
export type RiskFactorItem = z.infer<typeof riskFactorItem>;

/** The answer to creating risk factors: what was stored, by type. */
export const createdRiskFactors = z.looseObject({
  allergies: maybe(z.array(riskFactorItem)),
  conditions: maybe(z.array(riskFactorItem)),
  medications: maybe(z.array(riskFactorMatch)),
});
export type CreatedRiskFactors = z.infer<typeof createdRiskFactors>;

/**
 * A patient's risk factors. The spec's answer is one list of matches; the real service's reference shows them keyed by
 * type (`{allergies, conditions, medications}`). Both are read as one list, each match carrying its type.
 */
export const patientRiskFactors = z.union([
  z.array(riskFactorMatch),
  z
    .looseObject({
      allergies: maybe(z.array(riskFactorMatch)),
      conditions: maybe(z.array(riskFactorMatch)),
      medications: maybe(z.array(riskFactorMatch)),
    })
    .transform((byType) => [
      ...(byType.allergies ?? []).map((match) => ({ ...match, type: match.type ?? 'allergy' })),
      ...(byType.conditions ?? []).map((match) => ({ ...match, type: match.type ?? 'condition' })),
      ...(byType.medications ?? []).map((match) => ({ ...match, type: match.type ?? 'medication' })),
    ]),
]);

/**
 * The answer to submitting freeform text. Not shown in the spec. Decision: the training service answers
 * `{risk_factor_text_ids, status: 'processing'}`; the client accepts any object.
 */
export const riskFactorTextAccepted = z.looseObject({
  risk_factor_text_ids: maybe(z.array(id)),
  status: maybe(z.string()),
});
export type RiskFactorTextAccepted = z.infer<typeof riskFactorTextAccepted>;

// ---- Requests (strict) ----

const rxcui = z.string().regex(/^\d{1,12}$/, 'an RxCUI is digits');
const vocabularyName = z.string().trim().min(1).max(500);

/**
 * One risk factor in a create request; medication_detail fields are flat (spec §4).
 * Decision: type and name are required: a risk factor with no name tells the pharmacist nothing.
 */
export const riskFactorBody = z.strictObject({
  type: riskFactorType,
  name: z.string().trim().min(1).max(200),
  confidence: z.number().min(0).max(1).optional(),
  is_active: z.boolean().optional(),
  match_source: z.enum(matchSources).optional(),
  match_type: z.string().trim().min(1).max(50).optional(),
  matched: z.boolean().optional(),
  matched_via_synonym: z.boolean().optional(),
  patient_id: uuid.optional(),
  risk_factor_text_id: uuid.optional(),
  text_chunk: z.string().max(5000).optional(),
  brand_name: vocabularyName.optional(),
  clinical_product_rxcui: rxcui.optional(),
  ingredient_name: vocabularyName.optional(),
  ingredient_rxcui: rxcui.optional(),
  normalization_key: vocabularyName.optional(),
  product_rxcui: rxcui.optional(),
  scdf_name: vocabularyName.optional(),
  scdf_rxcui: rxcui.optional(),
  scdg_name: vocabularyName.optional(),
  scdg_rxcui: rxcui.optional(),
});
export type RiskFactorBody = z.input<typeof riskFactorBody>;

/** Several risk factors at once; bounded so one request cannot flood a chart. */
export const riskFactorsBody = z.array(riskFactorBody).min(1).max(200);

/** Freeform text to parse: any of the three, at least one. */
export const riskFactorTextBody = z
  .strictObject({
    allergies: z.string().trim().min(1).max(5000).optional(),
    conditions: z.string().trim().min(1).max(5000).optional(),
    medications: z.string().trim().min(1).max(5000).optional(),
  })
  .refine(namesAField, 'give allergies, conditions or medications');
export type RiskFactorTextBody = z.input<typeof riskFactorTextBody>;
