// When this station last generated the webhook secret, per service (webhook-secret-rotations.json): written by the
// rotation and by the subscription (a key generated at sign-in), read by notifications:stationWebhook.
import { join } from 'node:path';
import { z } from 'zod';
import { readJsonFile, writeJsonAtomic } from '../platform/data-folder/atomic-json.ts';

/** When this station last generated the webhook secret, per service: a time only, so a plain file is fine. */
export const ROTATIONS_FILE = 'webhook-secret-rotations.json';

const stored = z.record(z.string(), z.string());

export async function readRotations(dataDir: string): Promise<Record<string, string>> {
  const read = await readJsonFile(join(dataDir, ROTATIONS_FILE));
  const parsed = read.kind === 'value' ? stored.safeParse(read.value) : null;
  return parsed?.success ? parsed.data : {};
}

/** Notes when a key was generated for a service (here, or at sign-in when the keychain had none). */
export async function noteKeyRotated(dataDir: string, serviceId: string, at: string): Promise<void> {
  const rotations = await readRotations(dataDir);
  rotations[serviceId] = at;
  await writeJsonAtomic(join(dataDir, ROTATIONS_FILE), rotations);
}
