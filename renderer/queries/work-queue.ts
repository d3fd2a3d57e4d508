// The review and verify work queue, as main answers it in one channel (workQueue:get): read when the screen opens and
// every minute while it is open and someone is at the station; a review decision or a verification made here reads it again.
import { useQuery } from '@tanstack/react-query';
import { useTimedRefresh } from '../attendance/attendance-store.ts';
import { station, unwrap } from './station.ts';

export const workQueueKey = ['workQueue'] as const;

/** How often an open queue is read again (two service reads each time). */
const REFRESH_MS = 60_000;

export function useWorkQueue() {
  const refetchInterval = useTimedRefresh(REFRESH_MS);
  return useQuery({
    queryKey: workQueueKey,
    queryFn: () => unwrap(station().workQueue.get()),
    refetchOnMount: 'always',
    refetchInterval,
  });
}
