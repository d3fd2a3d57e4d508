// A fresh install (no settings file yet) whose service is the training service starts with the training demo's
// pharmacy in its settings (resources/demo/demo-pharmacy.json), so a trainee's station prints labels and slips with
// a full header. Written once, as settings an admin can change; a station whose machine policy names a real service,
// or one that already has a settings file, is left as it is (it asks for the pharmacy details before the first label).
import demoPharmacy from '../../../resources/demo/demo-pharmacy.json' with { type: 'json' };
import { readJsonFile } from '../../platform/data-folder/atomic-json.ts';
import { type SettingsLog, saveSettings, settingsFile } from './settings-file.ts';

export const DEMO_PHARMACY = {
  pharmacyName: demoPharmacy.pharmacyName,
  pharmacyAddress: demoPharmacy.pharmacyAddress,
  pharmacyPhone: demoPharmacy.pharmacyPhone,
} as const;

/** True when it wrote the demo pharmacy (a fresh install on the training service). */
export async function seedFreshTrainingInstall(
  dataDir: string,
  options: { serviceSetByPolicy: boolean },
  log: SettingsLog,
): Promise<boolean> {
  if (options.serviceSetByPolicy) return false;
  if ((await readJsonFile(settingsFile(dataDir))).kind !== 'missing') return false;
  await saveSettings(dataDir, DEMO_PHARMACY, log);
  log.info('a fresh training install: the demo pharmacy is in the settings', { pharmacy: DEMO_PHARMACY.pharmacyName });
  return true;
}
