// Reading the settings as every part of main reads them: this station's settings.json under the machine policy, with
// the pharmacy-wide ones from the pharmacy's record in force.
import type { Logger } from '../../platform/log/logger.ts';
import type { LoadedPolicy } from '../../platform/policy/policy-file.ts';
import { type PharmacyWideRecord, pharmacyWide, withPharmacyWide } from './pharmacy-wide.ts';
import type { Settings } from './schema.ts';
import { loadSettingsUnderPolicy } from './settings-file.ts';

/** What reading the settings uses: the data folder, the machine policy, the pharmacy's record, the log. */
export interface SettingsReadParts {
  options: { dataDir: string; policy?: LoadedPolicy; listenerPort?: number };
  /** The pharmacy-wide settings are the record's (main/service/settings/pharmacy-wide.ts). */
  record: PharmacyWideRecord;
  log: Logger;
}

/** This station's own settings with the pharmacy-wide ones in force: what every part of main reads. */
export async function readSettings(parts: SettingsReadParts): Promise<Settings> {
  const stored = await readStationSettings(parts);
  return withPharmacyWide(stored, pharmacyWide(parts.record, parts.options.policy, stored));
}

/** settings.json under the policy, without the record (what this station chose, and kept before the record). */
export function readStationSettings(parts: SettingsReadParts): Promise<Settings> {
  return loadSettingsUnderPolicy(parts.options.dataDir, parts.options.policy, parts.log.child('settings'));
}
