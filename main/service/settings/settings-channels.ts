// settings:get and settings:update. A new service applies at the next sign-in; the listener port and public webhook URL
// at the next start: saving says so.

import type { ChannelGroup } from '../../../contract/ipc/channel-group.ts';
import type { ChannelName } from '../../../contract/ipc.ts';
import {
  type PharmacySettingName,
  type PharmacySettingsPatch,
  pharmacySettingNames,
} from '../../../contract/pharmacy-settings.ts';
import type { AuditLog, SettingChangeFacts } from '../../audit/index.ts';
import { NO_POLICY } from '../../platform/policy/policy-file.ts';
import { applyPolicy, describePolicy, refuseLockedChanges } from '../../platform/policy/policy-locks.ts';
import type { Session } from '../session/index.ts';
import { checkServiceChange } from '../session/service-trust.ts';
import { checkDocumentSettingsChange } from './document-settings-guard.ts';
import { type Settings, type SettingsPatch, saveSettings, settingsFields } from './index.ts';
import { changePharmacyWide, pharmacySettingsView, pharmacyWide, withPharmacyWide } from './pharmacy-wide.ts';
import { readSettings, readStationSettings, type SettingsReadParts } from './read-settings.ts';
import { refuseUnlessAllowed } from './settings-access.ts';

/** What the settings channels receive of the station. */
export interface SettingsChannelParts extends SettingsReadParts {
  session: Pick<Session, 'state'>;
  /** Where every change of a setting is kept: who, which field, from what to what. */
  audit: Pick<AuditLog, 'recordSettingChanges'>;
  /** The settings this run started with. */
  running: Settings;
  /** Applies a saved change of service while nobody is signed in. */
  switchService(): Promise<unknown>;
}

/** The saved fields that differ from what this run uses and take effect only when the station starts again. */
export function fieldsAwaitingRestart(running: Settings, saved: Settings, listenerOverridden: boolean): string[] {
  const fields: string[] = [];
  if (!listenerOverridden && saved.listenerPort !== running.listenerPort) fields.push('listenerPort');
  if (saved.publicWebhookUrl !== running.publicWebhookUrl) fields.push('publicWebhookUrl');
  if (saved.serviceAnswerLimitMiB !== running.serviceAnswerLimitMiB) fields.push('serviceAnswerLimitMiB');
  for (const relay of ['eventsRelayServers', 'eventsRelayStation', 'eventsRelayName'] as const) {
    if (saved[relay] !== running[relay]) fields.push(relay);
  }
  return fields;
}

/**
 * Saves (a bad value is refused naming the field, nothing written). The idle lock applies at once (the renderer reads
 * it); a new service at once when nobody is signed in, else at the next sign-in (the sign-in screen names it); the
 * listener is not re-wired under a running station: the log says a restart applies it.
 */
export async function updateSettings(parts: SettingsChannelParts, whole: SettingsPatch): Promise<Settings> {
  const log = parts.log.child('settings');
  // The pharmacy's details, licences and label stock are pharmacy-wide: they go to the record, never settings.json.
  const { wide, patch } = splitPatch(whole);
  const policy = parts.options.policy;
  await changePharmacyWide({ ...parts, policy }, wide, await readStationSettings(parts));
  // What the pharmacy's IT set in the machine policy is refused first, whoever asks (main/platform/policy/).
  if (parts.options.policy) refuseLockedChanges(parts.options.policy, patch);
  // Who may point the station elsewhere is checked against what is stored now, before anything is written.
  refuseUnlessAllowed(await readSettings(parts), patch, parts.session.state());
  checkServiceChange(await readSettings(parts), patch, parts.session.state());
  checkDocumentSettingsChange(patch, parts.session.state());
  const before = await readStationSettings(parts);
  const stored = await saveSettings(parts.options.dataDir, patch, log).then((kept) =>
    parts.options.policy ? applyPolicy(kept, parts.options.policy) : kept,
  );
  parts.audit.recordSettingChanges(changesBetween(before, stored), parts.session.state().user);
  const saved = withPharmacyWide(stored, pharmacyWide(parts.record, policy, stored));
  const pending = fieldsAwaitingRestart(parts.running, saved, parts.options.listenerPort !== undefined);
  if (pending.length > 0)
    log.info('the saved settings take effect after the station is restarted', { fields: pending });
  // Signed out: the sign-in screen shows (and the next sign-in uses) the new service right away.
  await parts.switchService();
  return saved;
}

/** The pharmacy-wide fields of a settings:update, and the station's own. */
function splitPatch(whole: SettingsPatch): { wide: PharmacySettingsPatch; patch: SettingsPatch } {
  const wide: PharmacySettingsPatch = {};
  const patch: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(whole ?? {})) {
    if ((pharmacySettingNames as readonly string[]).includes(field)) wide[field as PharmacySettingName] = value;
    else patch[field] = value;
  }
  return { wide, patch: patch as SettingsPatch };
}

/** Each field whose value differs between two settings, with both values. */
export function changesBetween(before: Settings, after: Settings): SettingChangeFacts[] {
  return settingsFields
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => ({ field, before: before[field], after: after[field] }));
}

export const settingsHandlers: ChannelGroup<Extract<ChannelName, `settings:${string}`>, SettingsChannelParts> = {
  'settings:get': (_, parts) => readSettings(parts),
  'settings:policy': (_, { options }) => describePolicy(options.policy ?? NO_POLICY),
  'settings:update': (patch, parts) => updateSettings(parts, patch),
  'settings:pharmacy': async (_, parts) =>
    pharmacySettingsView(parts.record, parts.options.policy, await readStationSettings(parts)),
  'settings:changePharmacy': async (patch, parts) => {
    const policy = parts.options.policy;
    await changePharmacyWide({ ...parts, policy }, patch, await readStationSettings(parts));
    return pharmacySettingsView(parts.record, policy, await readStationSettings(parts));
  },
};
