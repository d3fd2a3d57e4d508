// Service drift as main counted it (diagnostics:drift, admins only): read when the panel opens and on request.
import { useQuery } from '@tanstack/react-query';
import { station, unwrap } from './station.ts';

export const diagnosticsKeys = { drift: ['diagnostics', 'drift'] as const };

/** `enabled`: only an admin asks (main refuses anyone else). */
export function useServiceDrift(enabled: boolean) {
  return useQuery({
    queryKey: diagnosticsKeys.drift,
    queryFn: () => unwrap(station().diagnostics.drift()),
    enabled,
    staleTime: 0,
  });
}
