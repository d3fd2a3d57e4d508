// Who may point the station at another service, and the confirmation asked before a password goes to a custom one.
// A service or public webhook URL decides where passwords and every event (patient names, the bearer secret) go, so
// only a signed-in admin may change it; and a custom service gets no password until someone at the station has seen
// its address and confirmed it (a settings file edited on disk is caught the same way).
import { join } from 'node:path';
import { z } from 'zod';
import type { Settings, SettingsPatch } from '../../../contract/ipc/settings.ts';
import { roleMay } from '../../../rules/capabilities.ts';
import { readJsonFile, writeJsonAtomic } from '../../platform/data-folder/atomic-json.ts';
import { StationError } from '../../platform/errors/station-errors.ts';
import { capabilityRefusal } from './capability.ts';
import type { SessionState } from './index.ts';

/** The custom service addresses someone at this station confirmed before signing in to them. */
export const CONFIRMED_SERVICES_FILE = 'confirmed-services.json';
const KEPT = 10;
const stored = z.strictObject({ confirmed: z.array(z.string()) });

/** The fields whose change sends passwords or events somewhere else. */
const GUARDED = ['backend', 'baseUrl', 'publicWebhookUrl'] as const;

/** The guarded fields a patch would change (a value equal to the saved one changes nothing). */
export function guardedChanges(saved: Settings, patch: SettingsPatch): string[] {
  return GUARDED.filter((field) => {
    const next = patch[field];
    if (next === undefined) return false;
    const current = saved[field];
    // The schema trims and drops a trailing slash; compare the way it will store.
    const spelled = typeof next === 'string' ? next.trim().replace(/\/+$/, '') : next;
    return spelled !== current;
  });
}

/**
 * Refuses a change of the service or webhook address unless an admin is signed in. Going back to the training service
 * alone stays open: it is on this computer, so no password leaves it, and it is the way out of a service that gives no
 * answer (where no admin could sign in to change it).
 */
export function checkServiceChange(saved: Settings, patch: SettingsPatch, session: SessionState): void {
  const changes = guardedChanges(saved, patch);
  if (changes.length === 0) return;
  const backToTraining = patch.backend === 'training' && changes.every((field) => field === 'backend');
  if (backToTraining) return;
  const details = changes.map((field) => ({ field, message: 'needs an admin to change' }));
  if (session.status === 'signed_in' && roleMay(session.role, 'change_service')) {
    // An admin whose role the service has not confirmed in this run (read back from disk) waits, and is told why.
    const unconfirmed = capabilityRefusal(
      session,
      'change_service',
      'change the service or the public webhook address',
    );
    if (unconfirmed) throw new StationError('forbidden', unconfirmed, details);
    return;
  }
  throw new StationError(
    'forbidden',
    'Only an admin may change the service or the public webhook address. Sign in as an admin and change it in Settings.',
    details,
  );
}

async function readConfirmed(dataDir: string): Promise<string[]> {
  const read = await readJsonFile(join(dataDir, CONFIRMED_SERVICES_FILE));
  const parsed = read.kind === 'value' ? stored.safeParse(read.value) : null;
  return parsed?.success ? parsed.data.confirmed : [];
}

/** True for the training service (on this computer) and for a custom address someone here confirmed. */
export async function isServiceConfirmed(
  dataDir: string,
  backend: { kind: string; baseUrl: string },
): Promise<boolean> {
  if (backend.kind === 'training') return true;
  return (await readConfirmed(dataDir)).includes(backend.baseUrl);
}

/** Remembers that the person at the station confirmed `baseUrl`, the address they were shown. */
export async function confirmService(dataDir: string, backend: { kind: string; baseUrl: string }, shown: string) {
  if (backend.kind === 'training') return;
  if (shown.trim().replace(/\/+$/, '') !== backend.baseUrl) {
    throw new StationError(
      'service_changed',
      'The station now uses another service than the one shown; look at the address again before you confirm.',
    );
  }
  const confirmed = (await readConfirmed(dataDir)).filter((url) => url !== backend.baseUrl);
  await writeJsonAtomic(join(dataDir, CONFIRMED_SERVICES_FILE), {
    confirmed: [backend.baseUrl, ...confirmed].slice(0, KEPT),
  });
}

/** Thrown at sign-in while the custom service was not confirmed here: no password goes to it before that. */
export function unconfirmedService(baseUrl: string): StationError {
  return new StationError(
    'service_unconfirmed',
    `This station now signs in to the service at ${baseUrl}. Check that this is your pharmacy’s service and confirm it before you sign in.`,
  );
}
