// Training drills through the station: the list, a trainer starting one, the trainee saying done, the results. The
// score is main's: the page sends an attempt's id, never a result.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { station, unwrap } from './station.ts';

export const drillKeys = {
  list: ['drills', 'list'] as const,
  results: ['drills', 'results'] as const,
};

export function useDrills(enabled: boolean) {
  return useQuery({
    queryKey: drillKeys.list,
    queryFn: () => unwrap(station().drills.list()),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useDrillResults(enabled: boolean) {
  return useQuery({ queryKey: drillKeys.results, queryFn: () => unwrap(station().drills.results()), enabled });
}

export function useStartDrill() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { drillId: string; trainee: string }) => unwrap(station().drills.start(input)),
    onSuccess: () => client.invalidateQueries({ queryKey: drillKeys.results }),
  });
}

export function useDrillDone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (attemptId: string) => unwrap(station().drills.done({ attemptId })),
    onSuccess: () => client.invalidateQueries({ queryKey: drillKeys.results }),
  });
}
