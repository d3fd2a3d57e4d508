// Tech-check-tech, a state's rule: where it is allowed, a technician's verification is the final check; where it is
// not (the default), the prescription label is not final until a pharmacist's final check: the pharmacist verified the
// order (main keeps it as their `final_check` sign-off), scans the stock bottle and the label at the final check (the
// label prints first, marked as awaiting it, so there is something to scan), or confirms the label at the print step
// with their password.

/** Why this verification does not make the label final yet; null when it does. */
export function finalCheckRefusal(
  techCheckTechAllowed: boolean,
  verification: { signOffs: readonly { purpose: string }[] },
  drug: string,
): string | null {
  if (techCheckTechAllowed) return null;
  if (verification.signOffs.some((signOff) => signOff.purpose === 'final_check')) return null;
  return (
    `A pharmacist’s final check is required before this label is final: ${drug} was verified by a technician, and ` +
    'tech-check-tech is not allowed at this pharmacy. The label prints marked “AWAITING PHARMACIST FINAL CHECK”; a ' +
    'pharmacist makes the final check by scan of the bottle and that label (Final check, Alt+Shift+F), confirms the ' +
    'label with their password, or verifies the order themselves.'
  );
}
