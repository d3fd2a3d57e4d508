// The pharmacy-wide rules this station obeys (tech-check-tech), read by main from where only the pharmacy's IT can
// write: the machine policy. Never from settings.json, which the person the rule governs can edit. The pharmacy's shared
// record will answer here too, beside the policy; every rule-reader calls this one function.
import type { LoadedPolicy } from './policy-file.ts';

export interface PharmacyRules {
  /** A technician's verification is the final check; false (the default) needs a pharmacist's before a label. */
  techCheckTechAllowed: boolean;
}

/** Settings an older station kept in settings.json that are pharmacy-wide rules: found there, they are ignored. */
export const PHARMACY_WIDE_FIELDS: readonly string[] = ['techCheckTechAllowed'];

/** The rules in force now: the policy's, else the pharmacy's default (tech-check-tech not allowed). */
export function pharmacyRules(loaded: LoadedPolicy | undefined): PharmacyRules {
  return { techCheckTechAllowed: loaded?.policy.techCheckTechAllowed === true };
}
