// Whether the service answers and the event listener listens, kept fresh by connectivity.changed.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { appInfoKey } from './session.ts';
import { station, unwrap } from './station.ts';

export const connectivityKey = ['app', 'connectivity'] as const;

export type ConnectivityView = Awaited<ReturnType<typeof fetchConnectivity>>;

const fetchConnectivity = () => unwrap(station().connectivity.state());

export function useConnectivity() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      station().on('connectivity.changed', (state) => {
        const before = queryClient.getQueryData<ConnectivityView>(connectivityKey);
        queryClient.setQueryData(connectivityKey, state);
        // Another service now (chosen while signed out): what the station is (training, demo accounts) changed too.
        if (before && (before.backend !== state.backend || before.baseUrl !== state.baseUrl)) {
          void queryClient.invalidateQueries({ queryKey: appInfoKey });
        }
        // Back online: what failed while offline is read again, and so is what main answered during the outage (from
        // what it read earlier), so nothing stale stays on screen: a task list answered from that memory after the
        // outbox sent a task would otherwise hide the task until its next refresh.
        if (state.online && before?.online === false) {
          const since = before.offlineSince ? Date.parse(before.offlineSince) : Number.NEGATIVE_INFINITY;
          void queryClient.refetchQueries({
            type: 'active',
            predicate: (query) => query.state.status === 'error' || query.state.dataUpdatedAt >= since,
          });
        }
      }),
    [queryClient],
  );
  return useQuery({ queryKey: connectivityKey, queryFn: fetchConnectivity, staleTime: Number.POSITIVE_INFINITY });
}

/** True when the service did not answer the last call: what is on screen may be old. */
export function useOffline(): boolean {
  const connectivity = useConnectivity();
  return connectivity.data?.online === false;
}

/** The person confirms the custom service the station now signs in to; main answers the connectivity that follows. */
export function useConfirmService(baseUrl: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(station().session.confirmService({ baseUrl })),
    onSuccess: (state) => queryClient.setQueryData(connectivityKey, state),
  });
}
