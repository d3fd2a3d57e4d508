// The settings' public surface: import from here.
export { DEMO_PHARMACY, seedFreshTrainingInstall } from './fresh-install.ts';
export { readSettings, type SettingsReadParts } from './read-settings.ts';
export {
  customBaseUrl,
  DEFAULT_IDLE_LOCK_MINUTES,
  DEFAULT_LISTENER_PORT,
  defaultSettings,
  isLoopbackHost,
  type Settings,
  type SettingsField,
  type SettingsIssue,
  type SettingsPatch,
  settingsFields,
  settingsSchema,
} from './schema.ts';
export {
  loadSettings,
  loadSettingsUnderPolicy,
  SETTINGS_FILE,
  SettingsError,
  saveSettings,
  settingsFile,
} from './settings-file.ts';
