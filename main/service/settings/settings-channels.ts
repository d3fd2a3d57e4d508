// settings:get and settings:update. A new service applies at the next sign-in; the listener port and public webhook URL
// at the next start: saving says so.

import type { ChannelGroup } from '../../../contract/ipc/channel-group.ts';
import type { ChannelName } from '../../../contract/ipc.ts';
import type { AuditLog, SettingChangeFacts } from '../../audit/index.ts';
import type { Logger } from '../../platform/log/logger.ts';
import { type LoadedPolicy, NO_POLICY } from '../../platform/policy/policy-file.ts';
import { applyPolicy, describePolicy, refuseLockedChanges } from '../../platform/policy/policy-locks.ts';
import type { Session } from '../session/index.ts';
import { checkServiceChange } from '../session/service-trust.ts';
import { checkDocumentSettingsChange } from './document-settings-guard.ts';
import { loadSettingsUnderPolicy, type Settings, type SettingsPatch, saveSettings, settingsFields } from './index.ts';
import { refuseUnlessAllowed } from './settings-access.ts';

/** What reading the settings uses: the data folder, the machine policy, the log. */
export interface SettingsReadParts {
  options: { dataDir: string; policy?: LoadedPolicy; listenerPort?: number };
  log: Logger;
}

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

export function readSettings(parts: SettingsReadParts): Promise<Settings> {
  return loadSettingsUnderPolicy(parts.options.dataDir, parts.options.policy, parts.log.child('settings'));
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
export async function updateSettings(parts: SettingsChannelParts, patch: SettingsPatch): Promise<Settings> {
  const log = parts.log.child('settings');
  // What the pharmacy's IT set in the machine policy is refused first, whoever asks (main/platform/policy/).
  if (parts.options.policy) refuseLockedChanges(parts.options.policy, patch);
  // Who may point the station elsewhere is checked against what is stored now, before anything is written.
  refuseUnlessAllowed(await readSettings(parts), patch, parts.session.state());
  checkServiceChange(await readSettings(parts), patch, parts.session.state());
  checkDocumentSettingsChange(patch, parts.session.state());
  const before = await readSettings(parts);
  const saved = await saveSettings(parts.options.dataDir, patch, log).then((stored) =>
    parts.options.policy ? applyPolicy(stored, parts.options.policy) : stored,
  );
  parts.audit.recordSettingChanges(changesBetween(before, saved), parts.session.state().user);
  const pending = fieldsAwaitingRestart(parts.running, saved, parts.options.listenerPort !== undefined);
  if (pending.length > 0)
    log.info('the saved settings take effect after the station is restarted', { fields: pending });
  // Signed out: the sign-in screen shows (and the next sign-in uses) the new service right away.
  await parts.switchService();
  return saved;
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
};
