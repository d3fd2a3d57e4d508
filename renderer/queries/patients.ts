// Patients read and written through the station: list pages, one patient, risk factors, orders, and the writes.
import { type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  GuardianRelationshipType,
  Patient,
  PatientCreateBody,
  PatientUpdateBody,
  RiskFactorMatch,
  RiskFactorTextBody,
} from '../../contract/service/patients.ts';
import { useRecordWrite } from './record-writes.ts';
import { station, unwrap } from './station.ts';

export const patientKeys = {
  all: ['patients'] as const,
  guardianTypes: ['patients', 'guardianTypes'] as const,
  list: ['patients', 'list'] as const,
  one: (id: string) => ['patients', 'get', id] as const,
  riskFactors: (id: string) => ['patients', 'riskFactors', id] as const,
  orders: (id: string) => ['patients', 'orders', id] as const,
};

/** What a row of the patient list shows: kept small, so 50,000 rows read while scrolling stay light in memory. */
export interface PatientRow {
  id: string;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  date_of_birth: string | null;
  phone: string | null;
  external_id: string | null;
  city: string | null;
  state: string | null;
  is_minor: boolean;
}

export function patientRowOf(patient: Patient): PatientRow {
  return {
    id: patient.id,
    first_name: patient.first_name ?? null,
    middle_name: patient.middle_name ?? null,
    last_name: patient.last_name ?? null,
    date_of_birth: patient.date_of_birth ?? null,
    phone: patient.phone ?? null,
    external_id: patient.external_id ?? null,
    city: patient.address?.city ?? null,
    state: patient.address?.state ?? null,
    is_minor: patient.is_minor === true,
  };
}

/** Rows per request: the service's maximum, so scrolling a long list asks as few times as it can. */
export const PATIENT_PAGE_SIZE = 200;

export async function fetchPatientPage(page: number): Promise<PatientRow[]> {
  const patients = await unwrap(station().patients.list({ query: { page, page_size: PATIENT_PAGE_SIZE } }));
  return patients.map(patientRowOf);
}

/** After a create or an edit the list's order may change: read it again from the start. */
export function forgetPatientList(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: patientKeys.list });
}

export function fetchPatient(id: string): Promise<Patient> {
  return unwrap(station().patients.get({ params: { patient_id: id } }));
}

/** One patient by UUID or external id; disabled while `id` is null. */
export function usePatient(id: string | null) {
  return useQuery({
    queryKey: patientKeys.one(id ?? ''),
    queryFn: () => fetchPatient(id as string),
    enabled: id !== null,
  });
}

/** The relationships a guardian may have, as the service lists them (they rarely change). */
export function useGuardianRelationshipTypes() {
  return useQuery({
    queryKey: patientKeys.guardianTypes,
    queryFn: () => unwrap(station().patients.guardianRelationshipTypes()),
    staleTime: 60 * 60_000,
  });
}

/** A relationship type's value to send and words to show, whichever shape the service sent it in. */
export function relationshipOption(type: GuardianRelationshipType): { value: string; label: string } {
  if (typeof type === 'string') return { value: type, label: type.replace(/_/g, ' ') };
  const value = type.code ?? type.name ?? '';
  return { value, label: type.name ?? value.replace(/_/g, ' ') };
}

/**
 * A patient's risk factors (allergies, conditions, medications), the one query the patient record, the order view and
 * the review read; disabled without a patient. `pollMs` re-reads them while freeform text is being parsed.
 */
export function useRiskFactors(patientId: string | null, pollMs: number | false = false) {
  return useQuery({
    queryKey: patientKeys.riskFactors(patientId ?? ''),
    queryFn: () => unwrap(station().patients.riskFactors({ params: { patient_id: patientId as string } })),
    enabled: patientId !== null,
    refetchInterval: pollMs,
  });
}

const ORDERS_PAGE_SIZE = 25;

/** A patient's orders, a page at a time (newest as the service sorts them). */
export function usePatientOrders(patientId: string) {
  return useInfiniteQuery({
    queryKey: patientKeys.orders(patientId),
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      unwrap(
        station().patients.orders({
          params: { patient_id: patientId },
          query: { page: pageParam, page_size: ORDERS_PAGE_SIZE },
        }),
      ),
    getNextPageParam: (last, pages) => (last.length < ORDERS_PAGE_SIZE ? undefined : pages.length + 1),
  });
}

export function useCreatePatient() {
  return useRecordWrite(patientKeys, (body: PatientCreateBody) => unwrap(station().patients.create({ body })));
}

export function useUpdatePatient(patientId: string) {
  return useRecordWrite(patientKeys, (body: PatientUpdateBody) =>
    unwrap(station().patients.update({ params: { patient_id: patientId }, body })),
  );
}

/** Puts a changed match into the cached list at once, so the row changes before the list is read again. */
function replaceMatch(queryClient: QueryClient, patientId: string, match: RiskFactorMatch): void {
  queryClient.setQueryData<RiskFactorMatch[]>(patientKeys.riskFactors(patientId), (matches) =>
    matches?.map((candidate) => (candidate.id === match.id ? match : candidate)),
  );
  void queryClient.invalidateQueries({ queryKey: patientKeys.riskFactors(patientId) });
}

export function useConfirmRiskFactor(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (riskFactorId: string) =>
      unwrap(station().patients.confirmRiskFactor({ params: { patient_id: patientId, risk_factor_id: riskFactorId } })),
    onSuccess: (match) => replaceMatch(queryClient, patientId, match),
  });
}

export function useDeactivateRiskFactor(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (riskFactorId: string) =>
      unwrap(
        station().patients.deactivateRiskFactor({ params: { patient_id: patientId, risk_factor_id: riskFactorId } }),
      ),
    onSuccess: (match) => replaceMatch(queryClient, patientId, match),
  });
}

/** Sends freeform text; the service answers at once and parses it in the background (training/README.md). */
export function useParseRiskFactorText(patientId: string) {
  return useMutation({
    mutationFn: (body: RiskFactorTextBody) =>
      unwrap(station().patients.parseRiskFactorText({ params: { patient_id: patientId }, body })),
  });
}
