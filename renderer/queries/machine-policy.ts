// What the machine policy (set per workstation by the pharmacy's IT) locked, read once from main (settings:policy):
// the settings forms show those fields as set by IT; main refuses a change to them whatever the form does.
import { useQuery } from '@tanstack/react-query';
import { station, unwrap } from './station.ts';

export const policyKey = ['app', 'policy'] as const;

export function useMachinePolicy() {
  return useQuery({
    queryKey: policyKey,
    queryFn: () => unwrap(station().settings.policy()),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
