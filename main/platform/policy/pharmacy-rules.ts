// The pharmacy-wide rules this station obeys (tech-check-tech) are the pharmacy's, never this station's own: the
// machine policy locks them, else the pharmacy's record holds them (main/service/settings/pharmacy-wide.ts decides,
// `pharmacyRules`). Never from settings.json, which the person the rule governs can edit.

export interface PharmacyRules {
  /** A technician's verification is the final check; false (the default) needs a pharmacist's before a label. */
  techCheckTechAllowed: boolean;
}

/** Settings an older station kept in settings.json that are pharmacy-wide rules: found there, they are ignored. */
export const PHARMACY_WIDE_FIELDS: readonly string[] = ['techCheckTechAllowed'];
