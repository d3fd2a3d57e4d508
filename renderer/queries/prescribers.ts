// Prescribers read and written through the station: list pages, one prescriber, supervisees, credentials, licenses.
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Prescriber,
  PrescriberCreateBody,
  Qualification,
  QualificationBody,
} from '../../contract/service/prescribers.ts';
import { useRecordWrite } from './record-writes.ts';
import { station, unwrap } from './station.ts';

export const prescriberKeys = {
  list: ['prescribers', 'list'] as const,
  one: (id: string) => ['prescribers', 'get', id] as const,
  supervisees: (id: string) => ['prescribers', 'supervisees', id] as const,
};

/** What a row of the prescriber list shows. */
export interface PrescriberRow {
  id: string;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  npi: string | null;
  credentials: string;
  states: string;
  is_active: boolean;
}

export function prescriberRowOf(prescriber: Prescriber): PrescriberRow {
  const states = new Set(
    (prescriber.qualifications ?? []).filter((q) => q.is_active !== false && q.state).map((q) => q.state as string),
  );
  return {
    id: prescriber.id,
    first_name: prescriber.first_name ?? null,
    middle_name: prescriber.middle_name ?? null,
    last_name: prescriber.last_name ?? null,
    npi: prescriber.npi ?? null,
    credentials: (prescriber.credentials ?? []).map((c) => c.credential_code).join(', '),
    states: [...states].sort().join(' '),
    is_active: prescriber.is_active !== false,
  };
}

export const PRESCRIBER_PAGE_SIZE = 200;

export async function fetchPrescriberPage(page: number): Promise<PrescriberRow[]> {
  const prescribers = await unwrap(station().prescribers.list({ query: { page, page_size: PRESCRIBER_PAGE_SIZE } }));
  return prescribers.map(prescriberRowOf);
}

export function forgetPrescriberList(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: prescriberKeys.list });
}

/** One prescriber by UUID or NPI, with addresses, licenses, credentials and restrictions; disabled while null. */
export function usePrescriber(id: string | null) {
  return useQuery({
    queryKey: prescriberKeys.one(id ?? ''),
    queryFn: () => unwrap(station().prescribers.get({ params: { prescriber_id: id as string } })),
    enabled: id !== null,
  });
}

export function useSupervisees(id: string) {
  return useQuery({
    queryKey: prescriberKeys.supervisees(id),
    queryFn: () => unwrap(station().prescribers.supervisees({ params: { prescriber_id: id } })),
  });
}

export function useCreatePrescriber() {
  return useRecordWrite(prescriberKeys, (body: PrescriberCreateBody) => unwrap(station().prescribers.create({ body })));
}

/** Adds a license, or (with `qualificationId`) updates one; either way the prescriber is read again. */
export function useSaveLicense(prescriberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { qualificationId?: string; body: Partial<QualificationBody> }): Promise<Qualification> =>
      input.qualificationId
        ? unwrap(
            station().prescribers.updateQualification({
              params: { prescriber_id: prescriberId, qualification_id: input.qualificationId },
              body: input.body,
            }),
          )
        : unwrap(
            station().prescribers.createQualification({
              params: { prescriber_id: prescriberId },
              body: input.body as QualificationBody,
            }),
          ),
    onSuccess: async () => {
      // The replaced license changed too: only the prescriber's own answer shows both as they are now.
      await queryClient.invalidateQueries({ queryKey: prescriberKeys.one(prescriberId) });
      forgetPrescriberList(queryClient);
    },
  });
}
