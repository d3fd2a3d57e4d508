// What each role may do at the station, as one table. Main checks it (with an identity the service confirmed in this
// run); the renderer reads it only to hide or explain what a person may not do.

export const roles = ['technician', 'pharmacist', 'admin'] as const;
export type Role = (typeof roles)[number];

export const capabilities = [
  /** Allow a prescription label before its line is verified (as the pharmacist signed in). */
  'allow_unverified_label',
  /** Record a prescription review decision. */
  'review_decision',
  /** Make the final check by scan of a technician's verification (tech-check-tech not allowed). */
  'final_check',
  /** Verify again an order already past verification. */
  'reverify',
  /** Export the audit log. */
  'export_audit',
  /** Print another person's staff badge. */
  'print_any_badge',
  /** Change the pharmacy printed on labels, the label stock, the printers. */
  'change_printing',
  /** Rotate or share the fleet's webhook secret. */
  'manage_webhook_secret',
  /** See the service diagnostics (drift) and the desktop app's update state. */
  'see_diagnostics',
  /** Point the station at another service or public webhook address. */
  'change_service',
  /** Set a training drill up for a trainee, and see every trainee's drill results. */
  'run_drills',
  /** Acknowledge, once per chain, that this station's audit record is not keyed (no OS keychain). */
  'acknowledge_unkeyed_record',
  /** See the inspector's report (the controlled-substance and daily prescription logs from the pharmacy's record). */
  'see_inspector_report',
  /** Change a pharmacy-wide setting (tech-check-tech, the pharmacy's details and licences, label stock, idle lock). */
  'change_pharmacy_settings',
  /** Change the workstation's settings beyond shortening the idle lock (rules/settings-access.ts decides each field). */
  'change_settings',
  /** Add or change a prescriber's license (the service refuses anyone else). */
  'change_licenses',
  /** Confirm or deactivate a patient's risk factor (the service refuses anyone else). */
  'judge_risk_factors',
  /** Run the training service itself: its clock, the simulation, a reset (the training service refuses anyone else). */
  'control_training',
] as const;
export type Capability = (typeof capabilities)[number];

/** What only a pharmacist may do: a label before verification, a review decision, the final check by scan. */
const PHARMACISTS_OWN: readonly Capability[] = ['allow_unverified_label', 'review_decision', 'final_check'];

const TABLE: Record<Role, readonly Capability[]> = {
  technician: [],
  pharmacist: [
    'allow_unverified_label',
    'review_decision',
    'change_licenses',
    'judge_risk_factors',
    'see_inspector_report',
    'final_check',
  ],
  // Every capability but a pharmacist's own professional judgements: the admin runs the station, never the pharmacy's
  // clinical decisions.
  admin: capabilities.filter((capability) => !PHARMACISTS_OWN.includes(capability)),
};

/** Who holds a capability, for the words of a refusal ("Only an admin …"). */
export function rolesWith(capability: Capability): Role[] {
  return roles.filter((role) => TABLE[role].includes(capability));
}

/** Whether a role (as the service names it; anything unknown holds nothing) has the capability. */
export function roleMay(role: string | null | undefined, capability: Capability): boolean {
  return (roles as readonly string[]).includes(role ?? '') && TABLE[role as Role].includes(capability);
}

/** Every capability a role (as the service names it) holds: what the session answer tells the screen. */
export function capabilitiesOf(role: string | null | undefined): Capability[] {
  return capabilities.filter((capability) => roleMay(role, capability));
}
