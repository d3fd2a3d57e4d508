// The station's audit log as the screens read it: one order's verifications (audit:list, the verify screen and the
// order view), a prescription's review decisions (audit:reviews, recorded by audit:recordReview), and the admin's export.
import { useQuery } from '@tanstack/react-query';
import type { StationApi } from '../../contract/ipc.ts';
import { station, unwrap } from './station.ts';

export const auditKey = (orderId: string) => ['audit', 'list', orderId] as const;
export const reviewsKey = (prescriptionId: string) => ['audit', 'reviews', prescriptionId] as const;

export function useAuditHistory(orderId: string) {
  return useQuery({
    queryKey: auditKey(orderId),
    queryFn: () => unwrap(station().audit.list({ orderId, limit: 5 })),
  });
}

/** The newest review decisions of one prescription, for the review screen (an order's holds are main's answer). */
export function reviewsQuery(prescriptionId: string) {
  return {
    queryKey: reviewsKey(prescriptionId),
    queryFn: () => unwrap(station().audit.reviews({ prescriptionId, limit: 5 })),
  };
}

export function useReviews(prescriptionId: string) {
  return useQuery(reviewsQuery(prescriptionId));
}

type ReviewRecord = Parameters<StationApi['audit']['recordReview']>[0];

/** Records the pharmacist's decision (main refuses anyone but a pharmacist). */
export function recordReview(input: ReviewRecord) {
  return unwrap(station().audit.recordReview(input));
}

type AuditExportInput = Parameters<StationApi['audit']['export']>[0];

/** The audit log for a range of days, as a file's name and content (main refuses anyone but an admin). */
export function exportAudit(input: AuditExportInput) {
  return unwrap(station().audit.export(input));
}
