// settings:get and settings:update. Which service and which listener port apply at the next start: saving says so.
import { loadSettings, type Settings, type SettingsPatch, saveSettings } from '../settings/index.ts';
import type { StationParts } from './parts.ts';
import { checkServiceChange } from './service-trust.ts';

export function readSettings(parts: StationParts): Promise<Settings> {
  return loadSettings(parts.options.dataDir, parts.log.child('settings'));
}

/** The saved fields that differ from what this run uses: they take effect when the station starts again. */
export function fieldsAwaitingRestart(running: Settings, saved: Settings, listenerOverridden: boolean): string[] {
  const fields: string[] = [];
  if (saved.backend !== running.backend) fields.push('backend');
  if (saved.backend === 'custom' && saved.baseUrl !== running.baseUrl) fields.push('baseUrl');
  if (!listenerOverridden && saved.listenerPort !== running.listenerPort) fields.push('listenerPort');
  if (saved.publicWebhookUrl !== running.publicWebhookUrl) fields.push('publicWebhookUrl');
  return fields;
}

/**
 * Saves (a bad value is refused naming the field, nothing written). The idle lock applies at once (the renderer reads
 * it); the service and listener are not re-wired under a running station: the log says a restart applies them, and
 * the renderer can tell by comparing settings:get with connectivity:state.
 */
export async function updateSettings(parts: StationParts, patch: SettingsPatch): Promise<Settings> {
  const log = parts.log.child('settings');
  // Who may point the station elsewhere is checked against what is stored now, before anything is written.
  checkServiceChange(await readSettings(parts), patch, parts.session.state());
  const saved = await saveSettings(parts.options.dataDir, patch, log);
  const pending = fieldsAwaitingRestart(parts.running, saved, parts.options.listenerPort !== undefined);
  if (pending.length > 0)
    log.info('the saved settings take effect after the station is restarted', { fields: pending });
  return saved;
}
