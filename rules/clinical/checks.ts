// The pharmacist's checks for one prescription, computed from service data only: each says pass, warn or fail and why.
import type { Check, CheckId, CheckInput, CheckStatus } from './check-model.ts';
import { allergyCheck, medicationCheck } from './checks-clinical.ts';
import { interactionCheck } from './checks-interactions.ts';
import { controlledCheck, limitsCheck, supplyCheck } from './checks-limits.ts';
import { orderCheck } from './checks-order.ts';
import { pdmpCheck } from './checks-pdmp.ts';
import { deaCheck, licenseCheck, productCheck } from './checks-prescriber.ts';
import { currentCheck, fillsCheck, guardianCheck } from './checks-prescription.ts';
import { findingOf } from './findings.ts';

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
