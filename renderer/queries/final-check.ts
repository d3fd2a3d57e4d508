// The pharmacist's final check by scan (finalCheck:*): the pharmacy-wide list waiting for it, read when the screen opens
// and every 30 s while it is open (every station shows the same list, from the pharmacy's record), and one check: the
// raw texts scanned from the stock bottle and the label. Main compares and records; the screen shows its answer.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StationApi } from '../../contract/ipc.ts';
import { station, unwrap } from './station.ts';

export const finalCheckQueueKey = ['finalCheck', 'queue'] as const;

export function useFinalCheckQueue() {
  return useQuery({
    queryKey: finalCheckQueueKey,
    queryFn: () => unwrap(station().finalCheck.queue()),
    refetchOnMount: 'always',
    refetchInterval: 30_000,
  });
}

export function useFinalCheckScan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Parameters<StationApi['finalCheck']['scan']>[0]) => unwrap(station().finalCheck.scan(input)),
    onSettled: () => client.invalidateQueries({ queryKey: finalCheckQueueKey }),
  });
}
