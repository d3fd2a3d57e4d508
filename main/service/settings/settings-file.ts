// Loading and saving settings.json in the data folder: defaults when missing or corrupt, bad values refused.
import { join } from 'node:path';
import { readJsonFile, serialized, writeJsonAtomic } from '../../platform/data-folder/atomic-json.ts';
import { createLogger, type Logger } from '../../platform/log/logger.ts';
import { PHARMACY_WIDE_FIELDS } from '../../platform/policy/pharmacy-rules.ts';
import type { LoadedPolicy } from '../../platform/policy/policy-file.ts';
import { applyPolicy } from '../../platform/policy/policy-locks.ts';
import {
  defaultSettings,
  parseField,
  type Settings,
  type SettingsIssue,
  type SettingsPatch,
  settingsFields,
  settingsIssues,
  settingsSchema,
} from './schema.ts';

export const SETTINGS_FILE = 'settings.json';

export type SettingsLog = Pick<Logger, 'info' | 'warn'>;

/** A refused save: names every bad field; the stored file is left as it was. */
export class SettingsError extends Error {
  override readonly name = 'SettingsError';
  readonly code = 'invalid_settings';
  readonly issues: SettingsIssue[];
  /** The first bad field, for a form to focus. */
  readonly field: string;

  constructor(issues: SettingsIssue[]) {
    const list = issues.map((issue) => `${issue.field} ${issue.message}`).join('; ');
    super(`Settings not saved: ${list}.`);
    this.issues = issues;
    this.field = issues[0]?.field ?? '(settings)';
  }
}

export function settingsFile(dataDir: string): string {
  return join(dataDir, SETTINGS_FILE);
}

function defaultLog(): SettingsLog {
  return createLogger({ scope: 'settings' });
}

/**
 * The stored settings. A missing file means a fresh install (defaults); an unreadable or corrupt one means
 * defaults too, said in the log; a hand-edited file keeps its good fields and gets defaults for the bad ones.
 */
export async function loadSettings(dataDir: string, log: SettingsLog = defaultLog()): Promise<Settings> {
  const file = settingsFile(dataDir);
  const read = await readJsonFile(file);
  if (read.kind === 'missing') return { ...defaultSettings };
  if (read.kind === 'corrupt') {
    log.warn('the settings file is unusable; using the default settings', { file, reason: read.reason });
    return { ...defaultSettings };
  }
  if (read.value === null || typeof read.value !== 'object' || Array.isArray(read.value)) {
    log.warn('the settings file is unusable; using the default settings', { file, reason: 'it is not an object' });
    return { ...defaultSettings };
  }
  const own = withoutPharmacyRules(read.value as Record<string, unknown>, file, log);
  const whole = settingsSchema.safeParse(own);
  if (whole.success) return whole.data;
  return salvage(own, file, log);
}

/**
 * The stored object without the pharmacy-wide rules an older station kept there (tech-check-tech): the data folder is
 * this station's own choices, and its user can edit it, so such a field is never obeyed; its presence is logged.
 */
function withoutPharmacyRules(stored: Record<string, unknown>, file: string, log: SettingsLog) {
  const found = PHARMACY_WIDE_FIELDS.filter((field) => field in stored);
  if (found.length === 0) return stored;
  log.warn('settings.json names pharmacy-wide rules; they are ignored (only the machine policy sets them)', {
    file,
    fields: found,
  });
  return Object.fromEntries(Object.entries(stored).filter(([field]) => !found.includes(field)));
}

function salvage(stored: Record<string, unknown>, file: string, log: SettingsLog): Settings {
  const merged: Record<string, unknown> = { ...defaultSettings };
  const replaced: string[] = [];
  for (const field of settingsFields) {
    if (!(field in stored)) continue;
    const parsed = parseField(field, stored[field]);
    if (parsed.ok) merged[field] = parsed.value;
    else replaced.push(field);
  }
  const result = settingsSchema.safeParse(merged);
  // Only the custom-needs-a-URL rule can still fail here: fall back to the training service.
  const settings = result.success ? result.data : { ...(merged as Settings), backend: 'training' as const };
  if (!result.success) replaced.push('backend');
  log.warn('some stored settings were not valid; using their defaults', { file, fields: replaced });
  return settings;
}

/** The stored settings under the policy: what every part of the station reads. */
export async function loadSettingsUnderPolicy(
  dataDir: string,
  loaded: LoadedPolicy | undefined,
  log: Parameters<typeof loadSettings>[1],
): Promise<Settings> {
  const stored = await loadSettings(dataDir, log);
  return loaded ? applyPolicy(stored, loaded) : stored;
}

/**
 * Applies a patch to the stored settings and writes them atomically. A bad value throws a SettingsError naming the
 * field, and nothing is written. Saves to one folder run one after another, so none loses another's change.
 */
export function saveSettings(
  dataDir: string,
  patch: SettingsPatch,
  log: SettingsLog = defaultLog(),
): Promise<Settings> {
  const file = settingsFile(dataDir);
  return serialized(file, async () => {
    if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) {
      throw new SettingsError([{ field: '(settings)', message: 'must be an object of settings to change' }]);
    }
    const current = await loadSettings(dataDir, log);
    // A key given as undefined means "leave it", as when it is left out.
    const changes = Object.entries(patch).filter(([, value]) => value !== undefined);
    const parsed = settingsSchema.safeParse({ ...current, ...Object.fromEntries(changes) });
    if (!parsed.success) throw new SettingsError(settingsIssues(parsed.error));
    await writeJsonAtomic(file, parsed.data);
    log.info('settings saved', { fields: changes.map(([field]) => field) });
    return parsed.data;
  });
}
