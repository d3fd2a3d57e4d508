// Prescriptions read through the station for the review screen: the prescription with its people, product and
// electronic prescription, the prescriber's full record, the patient's risk factors and other prescriptions.
import { useQuery } from '@tanstack/react-query';
import type { ElectronicPrescription, PrescriptionDetail } from '../../contract/service/prescriptions.ts';
import { StationCallError, station, unwrap } from './station.ts';

export interface PrescriptionReviewData {
  prescription: PrescriptionDetail;
  /** The electronic prescription it came on, with every medication on it. */
  electronic: ElectronicPrescription | null;
  /** The order the electronic prescription is on, when the service says. */
  orderId: string | null;
}

export const prescriptionReviewKey = (id: string) => ['prescriptions', 'review', id] as const;

function fetchDetail(prescriptionId: string) {
  return unwrap(
    station().prescriptions.get({ params: { prescription_id: prescriptionId }, query: { include_all: true } }),
  );
}

export function fetchElectronicPrescription(electronicPrescriptionId: string) {
  return unwrap(
    station().prescriptions.getElectronic({ params: { electronic_prescription_id: electronicPrescriptionId } }),
  );
}

/** The order id an electronic prescription carries (a field the service sends beyond the contract's list). */
export function orderIdOf(electronic: ElectronicPrescription | null | undefined): string | null {
  const value = (electronic as { order_id?: unknown } | null | undefined)?.order_id;
  return typeof value === 'string' && value ? value : null;
}

/**
 * One prescription for review. `id` names a prescription, or an electronic prescription (what an order lists), and
 * then its first medication is reviewed. Both readings go out at once, so either kind of id costs one round trip.
 */
export async function fetchPrescriptionReview(id: string): Promise<PrescriptionReviewData> {
  const [asPrescription, asElectronic] = await Promise.allSettled([fetchDetail(id), fetchElectronicPrescription(id)]);
  let prescription: PrescriptionDetail;
  if (asPrescription.status === 'fulfilled') {
    prescription = asPrescription.value;
  } else if (asElectronic.status === 'fulfilled') {
    const first = asElectronic.value.prescriptions?.[0];
    if (!first) {
      throw new StationCallError({ code: 'not_found', message: 'This electronic prescription has no medications.' });
    }
    prescription = await fetchDetail(first.id);
  } else {
    // Neither: the prescription's own refusal says best what went wrong (not found, offline, not allowed).
    throw asPrescription.reason;
  }
  const electronic =
    prescription.electronic_prescription ??
    (asElectronic.status === 'fulfilled' && asElectronic.value.id === prescription.electronic_prescription_id
      ? asElectronic.value
      : prescription.electronic_prescription_id
        ? await fetchElectronicPrescription(prescription.electronic_prescription_id)
        : null);
  return { prescription, electronic, orderId: orderIdOf(electronic) };
}

export function usePrescriptionReview(id: string) {
  return useQuery({ queryKey: prescriptionReviewKey(id), queryFn: () => fetchPrescriptionReview(id) });
}

/** The patient's prescriptions (the first 200, newest pages are the service's order), for duplicate checks. */
export function usePatientPrescriptions(patientId: string | null) {
  return useQuery({
    queryKey: ['prescriptions', 'list', { patient_id: patientId ?? '' }] as const,
    queryFn: () => unwrap(station().prescriptions.list({ query: { patient_id: patientId as string, page_size: 200 } })),
    enabled: patientId !== null,
  });
}
