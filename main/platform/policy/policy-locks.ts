// The machine policy over the stored settings: what the station runs with (the policy's values win), what the settings
// screens show as locked, and the refusal of a change to a locked setting, whoever asks.
import type { DocumentKind } from '../../../contract/documents.ts';
import { type PolicyView, SET_BY_IT, SET_BY_IT_IN_SENTENCE } from '../../../contract/ipc/machine-policy.ts';
import type { Settings, SettingsPatch } from '../../../contract/ipc/settings.ts';
import { StationError } from '../errors/station-errors.ts';
import type { LoadedPolicy } from './policy-file.ts';
import type { MachinePolicy } from './policy-schema.ts';
import { policyRelay } from './relay-link.ts';

function lockedPrinters(policy: MachinePolicy): [DocumentKind, string][] {
  return Object.entries(policy.printers ?? {}).filter(
    (entry): entry is [DocumentKind, string] => typeof entry[1] === 'string',
  );
}

/** The settings the station runs with: the stored ones, with every field the policy sets replaced by its value. */
export function applyPolicy(settings: Settings, { policy }: LoadedPolicy): Settings {
  const applied: Settings = { ...settings, printers: { ...settings.printers } };
  if (policy.serviceUrl !== undefined) Object.assign(applied, { backend: 'custom', baseUrl: policy.serviceUrl });
  if (policy.maxIdleLockMinutes !== undefined)
    applied.idleLockMinutes = Math.min(applied.idleLockMinutes, policy.maxIdleLockMinutes);
  if (policy.scannerPrefix !== undefined) applied.scannerPrefix = policy.scannerPrefix;
  if (policy.scannerSuffix !== undefined) applied.scannerSuffix = policy.scannerSuffix;
  for (const [kind, printer] of lockedPrinters(policy)) applied.printers[kind] = printer;
  // The link IT set up: the servers, and the station's name on it from the policy's pattern (issue #35).
  Object.assign(applied, policyRelay(policy) ?? {});
  return applied;
}

/** `https://host/path` as the settings store it (trimmed, no trailing slash), to compare a patch with the policy. */
const spelled = (value: unknown) => (typeof value === 'string' ? value.trim().replace(/\/+$/, '') : value);

/** The fields of `patch` that would change what the policy set, each with why. */
export function lockedChanges({ policy }: LoadedPolicy, patch: SettingsPatch): { field: string; message: string }[] {
  const refused: { field: string; message: string }[] = [];
  const locked = (field: string, message = `is ${SET_BY_IT_IN_SENTENCE}`) => refused.push({ field, message });
  if (policy.serviceUrl !== undefined) {
    if (patch.backend !== undefined && patch.backend !== 'custom') locked('backend');
    if (patch.baseUrl !== undefined && spelled(patch.baseUrl) !== policy.serviceUrl) locked('baseUrl');
  }
  const max = policy.maxIdleLockMinutes;
  if (max !== undefined && patch.idleLockMinutes !== undefined && patch.idleLockMinutes > max)
    locked('idleLockMinutes', `may be at most ${max} minutes (${SET_BY_IT_IN_SENTENCE})`);
  for (const mark of ['scannerPrefix', 'scannerSuffix'] as const) {
    const wanted = patch[mark];
    if (policy[mark] !== undefined && wanted !== undefined && (wanted || null) !== policy[mark]) locked(mark);
  }
  const relay = Object.entries(policyRelay(policy) ?? {}) as [
    keyof NonNullable<ReturnType<typeof policyRelay>>,
    string,
  ][];
  for (const [field, value] of relay) {
    if (patch[field] !== undefined && spelled(patch[field]) !== value) locked(field);
  }
  for (const [kind, printer] of lockedPrinters(policy)) {
    const wanted = patch.printers?.[kind];
    if (patch.printers !== undefined && spelled(wanted) !== printer) locked(`printers.${kind}`);
  }
  return refused;
}

/** Refuses a patch that changes a setting the policy locked: nothing of it is saved. */
export function refuseLockedChanges(loaded: LoadedPolicy, patch: SettingsPatch): void {
  const refused = lockedChanges(loaded, patch);
  if (refused.length === 0) return;
  throw new StationError(
    'forbidden',
    `${SET_BY_IT} (${loaded.file}): ${refused.map((issue) => `${issue.field} ${issue.message}`).join('; ')}. It cannot be changed at this station.`,
    refused,
  );
}

/** What the settings screens show as set by IT. */
export function describePolicy(loaded: LoadedPolicy): PolicyView {
  const { file, policy, ignoredFields } = loaded;
  return {
    file,
    serviceUrl: policy.serviceUrl ?? null,
    maxIdleLockMinutes: policy.maxIdleLockMinutes ?? null,
    scannerMarks: policy.scannerPrefix !== undefined,
    printers: lockedPrinters(policy).map(([kind]) => kind),
    updateFeedUrl: policy.updateFeedUrl ?? null,
    ignoredFields: [...ignoredFields],
    kioskMode: policy.kioskMode === true,
    techCheckTechAllowed: policy.techCheckTechAllowed === true,
    eventsRelay: policyRelay(policy) !== null,
  };
}

/** A service the policy names needs nobody at the station to confirm it: IT chose it. */
export function serviceSetByPolicy(loaded: LoadedPolicy | undefined, backend: { kind: string; baseUrl: string }) {
  return backend.kind === 'custom' && loaded?.policy.serviceUrl === backend.baseUrl;
}
