// What the verify screen tells the technician once their run is recorded verified: where tech-check-tech is not
// allowed, a pharmacist's final check is still needed before the prescription labels. Main words it from its own
// settings and the record it wrote (rules/verification/final-check.ts, the rule the print gate holds too).
import type { VerifyRunView } from '../../../contract/ipc/verify-runs.ts';
import { finalCheckRefusal } from '../../../rules/verification/final-check.ts';

/** The view with main's note on the final check still needed (null when none is: not verified, or already final). */
export async function withFinalCheckNote(
  view: VerifyRunView,
  techCheckTechAllowed: () => Promise<boolean>,
): Promise<VerifyRunView> {
  const recorded = view.run.recorded;
  if (recorded?.outcome !== 'verified') return { ...view, finalCheckNeeded: null };
  const prescriptions = view.run.lines.filter((line) => line.kind === 'prescription');
  if (prescriptions.length === 0) return { ...view, finalCheckNeeded: null };
  const drugs = prescriptions.map((line) => line.name ?? line.sku ?? line.productId).join(', ');
  const note = finalCheckRefusal(await techCheckTechAllowed(), recorded, drugs);
  return { ...view, finalCheckNeeded: note };
}
