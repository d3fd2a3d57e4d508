// The workstation's settings through the station (settings:get and settings:update), kept under the 'app' key so a
// sign-out does not forget them. They carry the pharmacy-wide ones (the pharmacy's details, the label stock): read
// again whenever main says the pharmacy's record changed a setting (pharmacy.settingsChanged), at this station or another.
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { StationApi } from '../../contract/ipc.ts';
import { onStationEvent, station, unwrap } from './station.ts';

type SettingsPatch = NonNullable<Parameters<StationApi['settings']['update']>[0]>;

export const settingsKey = ['app', 'settings'] as const;
/** The pharmacy-wide settings' own list (settings:pharmacy, read in pharmacy-settings.ts). */
export const pharmacySettingsKey = ['app', 'pharmacy-settings'] as const;

const fetchSettings = () => unwrap(station().settings.get());

/** The settings now: the ones read already, or read first (a scan right after a reload must know the scanner marks). */
export function settingsNow(queryClient: QueryClient) {
  return queryClient.ensureQueryData({ queryKey: settingsKey, queryFn: fetchSettings });
}

/** The queries that hold a pharmacy-wide setting: the station's settings, and the pharmacy-wide list (settings:pharmacy). */
const PHARMACY_WIDE_KEYS = [settingsKey, pharmacySettingsKey] as const;

/** While mounted, a setting changed in the pharmacy's record has every query holding one read again. */
export function useSettingsFollowRecord(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onStationEvent('pharmacy.settingsChanged', () => {
        for (const queryKey of PHARMACY_WIDE_KEYS) void queryClient.invalidateQueries({ queryKey });
      }),
    [queryClient],
  );
}

/** Never stale by time: nothing changes them but this station's save and the record (followed here). */
export function useWorkstationSettings() {
  useSettingsFollowRecord();
  return useQuery({ queryKey: settingsKey, queryFn: fetchSettings, staleTime: Number.POSITIVE_INFINITY });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: SettingsPatch) => unwrap(station().settings.update(patch)),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}
