// A prescription review as main opens it (review:open): the prescription with its people, product and electronic
// prescription, the order, the prescriber's record, the patient's risk factors and main's checks over them, from one
// set of main's reads (a decision recorded soon after reuses them).
import { useQuery } from '@tanstack/react-query';
import type { ReviewOpened } from '../../contract/ipc/review-checks.ts';
import type { Check } from '../../rules/clinical/checks.ts';
import { station, unwrap } from './station.ts';

/** The review as main read it, its checks typed as the rules' own. */
export type PrescriptionReviewData = Omit<ReviewOpened, 'checks'> & { checks: Check[] };

export const prescriptionReviewKey = (id: string) => ['prescriptions', 'review', id] as const;

/**
 * One prescription for review. `id` names a prescription, or an electronic prescription (what an order lists), and
 * then its first medication is reviewed; `orderId` is the order it was opened from. Asked again each time it opens.
 */
export function usePrescriptionReview(id: string, orderId: string | null) {
  return useQuery({
    queryKey: prescriptionReviewKey(id),
    queryFn: async (): Promise<PrescriptionReviewData> => {
      const opened = await unwrap(station().review.open({ prescriptionId: id, ...(orderId ? { orderId } : {}) }));
      // The checks' ids and statuses are the rules' (main ran them): the contract carries them as plain strings.
      return { ...opened, checks: opened.checks as Check[] };
    },
    staleTime: 0,
  });
}
