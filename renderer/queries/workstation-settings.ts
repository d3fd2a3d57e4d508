// The workstation's settings through the station (settings:get and settings:update), kept under the 'app' key so a
// sign-out does not forget them.
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StationApi } from '../../contract/ipc.ts';
import { station, unwrap } from './station.ts';

type SettingsPatch = NonNullable<Parameters<StationApi['settings']['update']>[0]>;

export const settingsKey = ['app', 'settings'] as const;

const fetchSettings = () => unwrap(station().settings.get());

/** The settings now: the ones read already, or read first (a scan right after a reload must know the scanner marks). */
export function settingsNow(queryClient: QueryClient) {
  return queryClient.ensureQueryData({ queryKey: settingsKey, queryFn: fetchSettings });
}

export function useWorkstationSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: fetchSettings, staleTime: Number.POSITIVE_INFINITY });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: SettingsPatch) => unwrap(station().settings.update(patch)),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}
