// What a pharmacist's review covered, written one way: the drug, strength, quantity, days supply, refills, directions
// and prescriber of the prescription and the patient's active risk factors as main read them. Main hashes this text into the review fact's
// digest and again before the OK is used: a prescription changed at the service, or an allergy added, no longer
// matches, and the prescription goes back to review. Risk factors are a set: their order at the service never matters.

/** The fields of a prescription a review covers (as the service answers them). */
export interface ReviewedPrescription {
  id: string;
  drug_name?: string | null;
  name?: string | null;
  strength?: string | null;
  quantity?: number | null;
  /** Days supply and refills as the prescriber wrote them (the fills remaining move at each fill: not a change). */
  days_supply?: number | null;
  refills?: number | null;
  directions?: string | null;
  sig?: string | null;
  prescriber_id?: string | null;
  prescription_product_id?: string | null;
}

/** A patient's risk factor as the service answers it (what a review covers of it). */
export interface ReviewedRiskFactor {
  type?: string | null;
  name?: string | null;
  is_active?: boolean | null;
}

const said = (text: string | null | undefined) => (text ?? '').trim().replace(/\s+/g, ' ');

/** The canonical text of what was reviewed; equal texts mean the same prescription and the same risk factors. */
export function reviewedContent(
  prescription: ReviewedPrescription,
  riskFactors: readonly ReviewedRiskFactor[],
): string {
  const factors = [
    ...new Set(
      riskFactors
        .filter((factor) => factor.is_active !== false && said(factor.name) !== '')
        .map((factor) => `${said(factor.type).toLowerCase()}:${said(factor.name).toLowerCase()}`),
    ),
  ].sort();
  return JSON.stringify({
    prescription: prescription.id,
    product: prescription.prescription_product_id ?? null,
    drug: said(prescription.drug_name ?? prescription.name),
    strength: said(prescription.strength),
    quantity: prescription.quantity ?? null,
    days_supply: prescription.days_supply ?? null,
    refills: prescription.refills ?? null,
    directions: said(prescription.directions ?? prescription.sig),
    prescriber: prescription.prescriber_id ?? null,
    risk_factors: factors,
  });
}
