// A check worded as a finding: what was found, never a double negative. A passed check reads as its statement ("No
// allergy conflict"); a failed one names the problem ("Allergy conflict: penicillin allergy on file, …").
import type { Check, CheckId } from './check-model.ts';

const PROBLEM: Record<CheckId, string> = {
  allergy: 'Allergy conflict',
  medications: 'Duplicate therapy',
  interactions: 'Drug interaction',
  limits: 'Outside the age or dose limits',
  controlled: 'Controlled-substance rule broken',
  pdmp: 'PDMP look-up to record',
  supply: 'Quantity does not fit the directions',
  license: 'Prescriber license problem',
  dea: 'DEA number problem',
  product: 'Product problem',
  order: 'The order fills something else',
  fills: 'Cannot be filled',
  current: 'Prescription not current',
  guardian: 'No guardian on file for a minor',
};

const TO_CHECK: Record<CheckId, string> = {
  allergy: 'Possible allergy conflict',
  medications: 'Possible duplicate therapy',
  interactions: 'Possible drug interaction',
  limits: 'Age or dose to check',
  controlled: 'Controlled-substance rules to check',
  pdmp: 'PDMP look-up to record',
  supply: 'Days supply to check',
  license: 'Prescriber license to check',
  dea: 'DEA number to check',
  product: 'Product to check',
  order: 'Order lines to check',
  fills: 'Fills to check',
  current: 'Dates to check',
  guardian: 'Guardian details to check',
};

/** The heading the panel shows for a check. */
export function headingOf(check: Check): string {
  if (check.status === 'pass') return check.title;
  return check.status === 'fail' ? PROBLEM[check.id] : TO_CHECK[check.id];
}

/** The finding as one sentence: heading, then why. */
export function findingOf(check: Check): string {
  return `${headingOf(check)}: ${check.reason}`;
}
