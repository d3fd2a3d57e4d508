// The composite intake through the station, and the lookups that say who an entered id, external id or NPI names.
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { CompositeBody, CompositeResult } from '../../contract/service/prescriptions.ts';
import { station, unwrap } from './station.ts';

export const intakeKeys = {
  patient: (key: string) => ['intake', 'patient', key] as const,
  prescriber: (key: string) => ['intake', 'prescriber', key] as const,
  electronic: (id: string) => ['intake', 'electronic', id] as const,
};

/**
 * Sends the intake: all or nothing (the service creates every part or none). A refusal throws a StationCallError that
 * keeps the service's `details`, so the form can say which part and field failed.
 */
export function sendIntake(body: CompositeBody, forceNew: boolean): Promise<CompositeResult> {
  return unwrap(station().prescriptions.composite({ query: forceNew ? { force_new: true } : {}, body }));
}

/** After an intake the lists that may hold what it made are read again. */
export function refreshAfterIntake(queryClient: QueryClient): void {
  for (const root of ['patients', 'prescribers', 'orders', 'prescriptions', 'search', 'reports']) {
    void queryClient.invalidateQueries({ queryKey: [root] });
  }
}

const lookupOptions = { retry: false, staleTime: 30_000 } as const;

/** The patient a reference names (UUID or external id); disabled while `key` is null. A 404 is an answer, not retried. */
export function usePatientLookup(key: string | null) {
  return useQuery({
    queryKey: intakeKeys.patient(key ?? ''),
    queryFn: () => unwrap(station().patients.get({ params: { patient_id: key as string } })),
    enabled: key !== null,
    ...lookupOptions,
  });
}

/** The prescriber a reference names (UUID or NPI); disabled while `key` is null. */
export function usePrescriberLookup(key: string | null) {
  return useQuery({
    queryKey: intakeKeys.prescriber(key ?? ''),
    queryFn: () => unwrap(station().prescribers.get({ params: { prescriber_id: key as string } })),
    enabled: key !== null,
    ...lookupOptions,
  });
}

/** The electronic prescription an intake made, for the links to each of its prescriptions. */
export function useIntakePrescription(id: string | null) {
  return useQuery({
    queryKey: intakeKeys.electronic(id ?? ''),
    queryFn: () =>
      unwrap(station().prescriptions.getElectronic({ params: { electronic_prescription_id: id as string } })),
    enabled: id !== null,
  });
}

/** Patients on file by name and date of birth (the service's patient search: every word must match); null: not asked. */
export function usePatientSearch(q: string | null) {
  return useQuery({
    queryKey: intakeKeys.patient(`search:${q ?? ''}`),
    queryFn: () => unwrap(station().search.patients({ query: { q: q as string } })),
    enabled: q !== null,
    ...lookupOptions,
  });
}
