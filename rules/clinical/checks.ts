// The pharmacist's checks for one prescription, computed from service data only: each says pass, warn or fail and why,
// and is worded as a finding (below).
import type { Check, CheckId, CheckInput, CheckStatus } from './check-model.ts';
import { allergyCheck, interactionCheck, medicationCheck } from './checks-interactions.ts';
import { controlledCheck, limitsCheck, pdmpCheck, supplyCheck } from './checks-limits.ts';
import { deaCheck, licenseCheck, productCheck } from './checks-prescriber.ts';
import { currentCheck, fillsCheck, guardianCheck, orderCheck } from './checks-prescription.ts';

export type { Check, CheckId, CheckInput, CheckStatus, ShippingState } from './check-model.ts';
export { shippingStateOf } from './check-model.ts';

/** Every check, in the order the panel shows them: the patient's safety first, then the prescriber, then the paper. */
export function runChecks(input: CheckInput): Check[] {
  return [
    allergyCheck(input),
    medicationCheck(input),
    interactionCheck(input),
    limitsCheck(input),
    controlledCheck(input),
    pdmpCheck(input),
    supplyCheck(input),
    licenseCheck(input),
    deaCheck(input),
    productCheck(input),
    orderCheck(input),
    fillsCheck(input),
    currentCheck(input),
    guardianCheck(input),
  ];
}

const rank: Record<CheckStatus, number> = { pass: 0, warn: 1, fail: 2 };

/** The worst status among the checks (pass when there are none). */
export function worstStatus(checks: readonly Check[]): CheckStatus {
  return checks.reduce<CheckStatus>(
    (worst, check) => (rank[check.status] > rank[worst] ? check.status : worst),
    'pass',
  );
}

/** "1 fail, 2 warnings, 5 pass": the panel's one-line summary, also what a screen reader hears. */
export function summarise(checks: readonly Check[]): string {
  const count = (status: CheckStatus) => checks.filter((check) => check.status === status).length;
  const fails = count('fail');
  const warns = count('warn');
  const parts = [
    fails ? `${fails} ${fails === 1 ? 'fail' : 'fails'}` : null,
    warns ? `${warns} ${warns === 1 ? 'warning' : 'warnings'}` : null,
    `${count('pass')} pass`,
  ];
  return parts.filter(Boolean).join(', ');
}

/** The words shown next to each status, so the status never rests on colour alone. */
export const statusWords: Record<CheckStatus, string> = { pass: 'Pass', warn: 'Warning', fail: 'Fail' };

/**
 * Checks that could not run because their data could not be read: shown as warnings that say so, never as a pass.
 * `unavailable` maps a check to the reason its data is missing.
 */
export function markUnavailable(checks: readonly Check[], unavailable: Partial<Record<CheckId, string>>): Check[] {
  return checks.map((check) => {
    const why = unavailable[check.id];
    return why ? { ...check, status: 'warn', reason: `Not checked: ${why}` } : check;
  });
}

/** What Alt+C reads out: the summary, then each check that did not pass with its reason. */
export function announce(checks: readonly Check[]): string {
  const notPassed = checks.filter((check) => check.status !== 'pass');
  const details = notPassed.map((check) => `${statusWords[check.status]}, ${findingOf(check)}`);
  return [`Checks: ${summarise(checks)}.`, ...details].join(' ');
}

// A check worded as a finding: what was found, never a double negative. A passed check reads as its statement ("No
// allergy conflict"); a failed one names the problem ("Allergy conflict: penicillin allergy on file, …").

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
