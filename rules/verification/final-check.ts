// Tech-check-tech, a state's rule: where it is allowed, a technician's verification is the final check; where it is
// not (the default), a pharmacist's final check is required before the prescription label: the pharmacist verified the
// order (main keeps it as their `final_check` sign-off), or allows that label at the print step with their password.

/** Why this verification is not yet the final check a label needs; null when it is. */
export function finalCheckRefusal(
  techCheckTechAllowed: boolean,
  verification: { signOffs: readonly { purpose: string }[] },
  drug: string,
): string | null {
  if (techCheckTechAllowed) return null;
  if (verification.signOffs.some((signOff) => signOff.purpose === 'final_check')) return null;
  return (
    `A pharmacist’s final check is required before this label: ${drug} was verified by a technician, and ` +
    'tech-check-tech is not allowed at this pharmacy. A pharmacist makes the final check by scan (Final check, ' +
    'Alt+Shift+F), allows the label with their password, or verifies the order themselves.'
  );
}
