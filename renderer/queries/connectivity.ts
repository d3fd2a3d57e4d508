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
        // Back online: what failed while offline is read again, so nothing stale stays on screen.
        if (state.online && before?.online === false) {
          void queryClient.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' });
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
