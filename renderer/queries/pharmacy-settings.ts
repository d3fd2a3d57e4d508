// The pharmacy-wide settings (settings:pharmacy): the value in force of each, where it comes from (the pharmacy's
// record, or the IT policy's lock) and who changed it last at which station; an admin's change (settings:changePharmacy)
// is decided and recorded by main, which answers the settings again.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PharmacySettingsPatch } from '../../contract/pharmacy-settings.ts';
import { station, unwrap } from './station.ts';
import { pharmacySettingsKey, settingsKey, useSettingsFollowRecord } from './workstation-settings.ts';

/** Read again when the record changes a setting (pharmacy.settingsChanged, followed in workstation-settings.ts). */
export function usePharmacySettings() {
  useSettingsFollowRecord();
  return useQuery({ queryKey: pharmacySettingsKey, queryFn: () => unwrap(station().settings.pharmacy()) });
}

export function useChangePharmacySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: PharmacySettingsPatch) => unwrap(station().settings.changePharmacy(patch)),
    onSuccess: (view) => {
      queryClient.setQueryData(pharmacySettingsKey, view);
      // The station's settings carry the pharmacy's (the label's details, the idle lock's longest).
      void queryClient.invalidateQueries({ queryKey: settingsKey });
    },
  });
}
