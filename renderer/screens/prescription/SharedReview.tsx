// Another station's review of this prescription, over the pharmacy's relay ("Reviewed — OK to fill at Station 5 by
// Parker Pharmacist"); nothing where no relay runs or nobody reviewed it elsewhere.
import { useSharedState } from '../../queries/pharmacy.ts';
import { DECISION_WORDS } from './review-task.ts';
import { reviewWords } from './wording.ts';

export function SharedReview({ prescriptionId }: { prescriptionId: string }) {
  const reviewed = useSharedState(prescriptionId)?.reviewed;
  if (!reviewed) return null;
  const decision = reviewed.detail && reviewed.detail in DECISION_WORDS ? reviewed.detail : null;
  const words = decision ? DECISION_WORDS[decision as keyof typeof DECISION_WORDS] : 'Reviewed';
  return (
    <div className="notice notice-info" role="status">
      {words}
      {reviewWords.shared.at}
      {reviewed.station}
      {reviewWords.shared.by}
      {reviewed.person}.
    </div>
  );
}
