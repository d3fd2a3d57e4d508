// The pharmacy-wide settings (contract/pharmacy-settings.ts) as main reads and changes them: the machine policy's value
// when it locks one; else the newest `setting_changed` fact of it in the pharmacy's record (the same at every station);
// else, for the pharmacy details, label stock and licences, what this station kept in settings.json before the record;
// else the default. Only an admin the service confirmed in this run changes one (main's session, never the page's
// word); each change is a fact in the record and a row in the local audit chain (who, what, from what to what).
import { SET_BY_IT, SET_BY_IT_IN_SENTENCE } from '../../../contract/ipc/machine-policy.ts';
import type { FactOf } from '../../../contract/pharmacy-record.ts';
import {
  type PharmacySettingName,
  type PharmacySettingsPatch,
  type PharmacySettingView,
  pharmacySettingNames,
  pharmacySettingValues,
} from '../../../contract/pharmacy-settings.ts';
import { parseStoredJson } from '../../../kits/json/stored-json.ts';
import { nameOf } from '../../../rules/words/person-name.ts';
import type { AuditLog } from '../../audit/index.ts';
import { StationError } from '../../platform/errors/station-errors.ts';
import type { PharmacyRules } from '../../platform/policy/pharmacy-rules.ts';
import type { LoadedPolicy } from '../../platform/policy/policy-file.ts';
import { capabilityRefusal } from '../session/capability.ts';
import type { Session } from '../session/index.ts';
import type { Settings } from './schema.ts';
import { SettingsError } from './settings-file.ts';

/** What of the pharmacy's record the settings read and write (main/events/record/ implements it). */
export interface PharmacyWideRecord {
  factsOf(kind: 'setting_changed'): FactOf<'setting_changed'>[];
  append(draft: Omit<FactOf<'setting_changed'>, 'id' | 'at' | 'station'>): Promise<unknown>;
}

/** The values in force (null: not set anywhere). */
export interface PharmacyWide {
  techCheckTechAllowed: boolean;
  pharmacyName: string | null;
  pharmacyAddress: string | null;
  pharmacyPhone: string | null;
  licensedStates: string[];
  labelStock: Settings['labelStock'];
  maxIdleLockMinutes: number | null;
}

/**
 * Kept in settings.json by stations from before the record: read only while the record has no fact of them, and only
 * what waives no check (what the labels print). The licensed states are never read from there: a technician who can
 * edit the file could add the state an order ships to and lift its stop; they come from the record or the policy.
 */
const KEPT_AT_STATION = ['pharmacyName', 'pharmacyAddress', 'pharmacyPhone', 'labelStock'] as const;

/** What the machine policy sets of each pharmacy-wide setting (set: locked). */
function policyValue({ policy }: LoadedPolicy, name: PharmacySettingName): unknown {
  return policy[name];
}

type Recorded = { fact: FactOf<'setting_changed'>; value: unknown };

/** The newest fact of each setting whose value holds under its schema (a fact out of shape is never obeyed). */
export function recordedSettings(record: PharmacyWideRecord): Map<PharmacySettingName, Recorded> {
  const newest = new Map<PharmacySettingName, Recorded>();
  for (const fact of record.factsOf('setting_changed')) {
    const name = fact.name as PharmacySettingName;
    if (!pharmacySettingNames.includes(name)) continue;
    try {
      const value: unknown = parseStoredJson(pharmacySettingValues[name], fact.value, `the setting ${name}`);
      newest.set(name, { fact, value });
    } catch {
      // Not of the setting's shape (another build's, or forged in its body): the previous value stands.
    }
  }
  return newest;
}

/** Each setting in force with where it comes from and the record's newest change of it. */
export function pharmacySettingsView(
  record: PharmacyWideRecord,
  policy: LoadedPolicy | undefined,
  stored: Settings,
): PharmacySettingView[] {
  const recorded = recordedSettings(record);
  return pharmacySettingNames.map((name) => {
    const newest = recorded.get(name);
    const fact = newest?.fact;
    const changed = fact ? { by: fact.person.name, station: fact.station.name, at: fact.at } : null;
    const locked = policy ? policyValue(policy, name) : undefined;
    if (locked !== undefined) return { name, value: locked, source: 'policy', changed };
    if (newest) return { name, value: newest.value, source: 'record', changed };
    const kept = (KEPT_AT_STATION as readonly string[]).includes(name);
    if (kept && stored[name as (typeof KEPT_AT_STATION)[number]] !== null)
      return { name, value: stored[name as (typeof KEPT_AT_STATION)[number]], source: 'station', changed };
    return { name, value: defaultOf(name), source: 'default', changed };
  });
}

function defaultOf(name: PharmacySettingName): unknown {
  if (name === 'techCheckTechAllowed') return false;
  if (name === 'licensedStates') return [];
  if (name === 'labelStock') return '4x2.5';
  return null;
}

/** The values in force, as main decides with them. */
export function pharmacyWide(
  record: PharmacyWideRecord,
  policy: LoadedPolicy | undefined,
  stored: Settings,
): PharmacyWide {
  const values = Object.fromEntries(
    pharmacySettingsView(record, policy, stored).map((view) => [view.name, view.value]),
  );
  return values as unknown as PharmacyWide;
}

/** The pharmacy-wide rules in force: the one function every reader of tech-check-tech calls. */
export function pharmacyRules(record: PharmacyWideRecord, policy: LoadedPolicy | undefined): PharmacyRules {
  const locked = policy?.policy.techCheckTechAllowed;
  if (locked !== undefined) return { techCheckTechAllowed: locked };
  return { techCheckTechAllowed: recordedSettings(record).get('techCheckTechAllowed')?.value === true };
}

/** The station's settings with the pharmacy-wide ones in force (the idle lock no longer than the pharmacy's longest). */
export function withPharmacyWide(stored: Settings, wide: PharmacyWide): Settings {
  const { pharmacyName, pharmacyAddress, pharmacyPhone, licensedStates, labelStock, maxIdleLockMinutes } = wide;
  const idle =
    maxIdleLockMinutes === null ? stored.idleLockMinutes : Math.min(stored.idleLockMinutes, maxIdleLockMinutes);
  return { ...stored, pharmacyName, pharmacyAddress, pharmacyPhone, licensedStates, labelStock, idleLockMinutes: idle };
}

export interface PharmacyWideChangeParts {
  record: PharmacyWideRecord;
  session: Pick<Session, 'state'>;
  audit: Pick<AuditLog, 'recordSettingChanges'>;
  policy: LoadedPolicy | undefined;
}

/**
 * Changes the pharmacy-wide settings in `patch`: refused whole unless the signed-in person is an admin the service
 * confirmed, when the policy locks one, or when a value fails its schema; a value equal to the one in force changes
 * nothing. Answers the names changed.
 */
export async function changePharmacyWide(
  parts: PharmacyWideChangeParts,
  patch: PharmacySettingsPatch,
  stored: Settings,
): Promise<PharmacySettingName[]> {
  const state = parts.session.state();
  const now = pharmacySettingsView(parts.record, parts.policy, stored);
  const inForce = (name: PharmacySettingName) => JSON.stringify(now.find((view) => view.name === name)?.value ?? null);
  // A value sent as it stands changes nothing (a form sends every field it shows): only the others are checked.
  const names = pharmacySettingNames.filter(
    (name) => patch[name] !== undefined && JSON.stringify(patch[name]) !== inForce(name),
  );
  if (names.length === 0) return [];
  const refusal = capabilityRefusal(state, 'change_pharmacy_settings', "change the pharmacy's settings");
  if (refusal)
    throw new StationError(
      'forbidden',
      refusal,
      names.map((field) => ({ field, message: 'needs an admin' })),
    );
  const locked = names.filter((name) => parts.policy && policyValue(parts.policy, name) !== undefined);
  if (locked.length > 0) {
    const message = `${SET_BY_IT}: ${locked.join(', ')} cannot be changed at a station.`;
    throw new StationError(
      'forbidden',
      message,
      locked.map((field) => ({ field, message: `is ${SET_BY_IT_IN_SENTENCE}` })),
    );
  }
  const parsed = names.map((name) => ({ name, result: pharmacySettingValues[name].safeParse(patch[name]) }));
  const issues = parsed.flatMap(({ name, result }) =>
    result.success ? [] : [{ field: name, message: result.error.issues[0]?.message ?? 'is not valid' }],
  );
  if (issues.length > 0) throw new SettingsError(issues);
  const person = {
    id: state.user?.id ?? null,
    name: ((state.user && nameOf(state.user)) ?? 'an admin').slice(0, 200),
    role: state.role?.slice(0, 40) ?? null,
  };
  const changed: PharmacySettingName[] = [];
  for (const { name, result } of parsed) {
    const before = now.find((view) => view.name === name)?.value ?? null;
    const after = result.data as unknown;
    if (JSON.stringify(before) === JSON.stringify(after)) continue;
    await parts.record.append({ kind: 'setting_changed', person, name, value: JSON.stringify(after) });
    parts.audit.recordSettingChanges([{ field: `pharmacy.${name}`, before, after }], state.user);
    changed.push(name);
  }
  return changed;
}
