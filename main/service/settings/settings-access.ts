// The settings channel's refusal by role: rules/settings-access.ts decides from the saved settings and the
// session main holds (never from what the renderer says about the person); this turns its answer into a refusal.
import { type SettingsPerson, settingsRefusal } from '../../../rules/settings-access.ts';
import { StationError } from '../../platform/errors/station-errors.ts';
import type { Settings, SettingsPatch } from './index.ts';

export function refuseUnlessAllowed(saved: Settings, patch: SettingsPatch, person: SettingsPerson): void {
  const refusal = settingsRefusal(saved, patch, person);
  if (refusal) throw new StationError('forbidden', refusal.message, refusal.details);
}
