// Who may change which workstation setting. Main refuses by it (main/service/settings/settings-channels.ts); the renderer shows
// by it what the person may change. The listener, the scanner marks, the service, the answer limit and what labels say
// are an admin's (an admin the service confirmed in this run: a role read back from session-state.json alone is no
// admin's); anyone signed in may shorten the idle lock, only an admin lengthen it; signed out (or locked)
// nothing, except choosing a service on the sign-in screen, which the service's own rule then decides
// (main/service/session/service-trust.ts: the confirmation, and that only going back to Training needs no admin).
import { type Settings, type SettingsField, type SettingsPatch, settingsFields } from '../contract/ipc/settings.ts';

export interface SettingsPerson {
  status: string;
  role: string | null;
  /** The service confirmed the role in this run; unconfirmed, the person may only shorten the idle lock. */
  roleConfirmed: boolean;
}

/** What a person may do with one field: change it, only lower it (the idle lock), or not change it. */
export type SettingAccess = 'change' | 'shorten' | 'none';

/** The fields the sign-in screen offers signed out: the service, left to the service's own rule. */
const SERVICE_CHOICE: ReadonlySet<SettingsField> = new Set(['backend', 'baseUrl']);

export function settingAccess(person: SettingsPerson, field: SettingsField): SettingAccess {
  const signedIn = person.status === 'signed_in';
  if (!signedIn) return SERVICE_CHOICE.has(field) ? 'change' : 'none';
  if (person.role === 'admin' && person.roleConfirmed) return 'change';
  return field === 'idleLockMinutes' ? 'shorten' : 'none';
}

/** How the schema will store a value, to tell a real change from the same value sent again. */
function spelled(value: unknown): string {
  const text = typeof value === 'string' ? value.trim().replace(/\/+$/, '') : value;
  return JSON.stringify(text ?? null);
}

/** The fields `patch` would change from `saved` (a value equal to the saved one changes nothing). */
export function changedSettings(saved: Settings, patch: SettingsPatch): SettingsField[] {
  return settingsFields.filter((field) => {
    const next = patch[field];
    return next !== undefined && spelled(next) !== spelled(saved[field]);
  });
}

export interface SettingsRefusal {
  message: string;
  details: { field: string; message: string }[];
}

/** Why `person` may not save `patch` over `saved`, or null when every change it makes is theirs to make. */
export function settingsRefusal(saved: Settings, patch: SettingsPatch, person: SettingsPerson): SettingsRefusal | null {
  const refused = changedSettings(saved, patch).flatMap((field) => {
    const access = settingAccess(person, field);
    if (access === 'change') return [];
    const lower = field === 'idleLockMinutes' && Number(patch.idleLockMinutes) < saved.idleLockMinutes;
    if (access === 'shorten' && lower) return [];
    return [{ field, message: access === 'shorten' ? 'only an admin may lengthen it' : 'needs an admin to change' }];
  });
  if (refused.length === 0) return null;
  const signedIn = person.status === 'signed_in';
  const message = !signedIn
    ? 'Sign in first: signed out, only the service can be chosen here.'
    : person.role === 'admin' && !person.roleConfirmed
      ? 'Your admin role was read back from this station and the service has not confirmed it in this run: wait until the service answers again (or sign in again). Meanwhile you may only shorten the idle lock.'
      : refused.every((issue) => issue.field === 'idleLockMinutes')
        ? `Only an admin may lengthen the idle lock; you may shorten it (below ${saved.idleLockMinutes} minutes).`
        : `Only an admin may change ${refused.map((issue) => issue.field).join(', ')}.`;
  return { message, details: refused };
}
