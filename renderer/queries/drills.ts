// Training drills through the station: the list, a trainer starting one, the trainee saying done, the results. The
// score is main's: the page sends an attempt's id, never a result.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { station, unwrap } from './station.ts';

export const drillKeys = {
  list: ['drills', 'list'] as const,
  results: ['drills', 'results'] as const,
  competency: (trainee: string) => ['drills', 'competency', trainee] as const,
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

/** A trainee's competency record and its CSV, as main prepared them (a trainer's to read). */
export function useCompetency(trainee: string | null) {
  return useQuery({
    queryKey: drillKeys.competency(trainee ?? ''),
    queryFn: () => unwrap(station().drills.competency({ trainee: trainee as string })),
    enabled: trainee !== null,
  });
}

/** A drill set up or scored changes the results and every competency record. */
const refreshAttempts = (client: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    client.invalidateQueries({ queryKey: drillKeys.results }),
    client.invalidateQueries({ queryKey: ['drills', 'competency'] }),
  ]);

export function useStartDrill() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { drillId: string; trainee: string }) => unwrap(station().drills.start(input)),
    onSuccess: () => refreshAttempts(client),
  });
}

export function useDrillDone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (attemptId: string) => unwrap(station().drills.done({ attemptId })),
    onSuccess: () => refreshAttempts(client),
  });
}
