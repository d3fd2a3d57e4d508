// This station's signing key for the pharmacy's record: an ed25519 pair whose seed lives in the OS keychain (made on
// first use), so the facts this station writes can be told from any other's. Enrolment (issue #35) will vouch for it.
// Without a keychain (no Secret Service, or one that fails or does not answer) the station still starts: the key is
// made for this run and kept in memory only, said on every screen (app:info), never written to the data folder.
import { newStationSeed, type StationKey, stationKeyFromSeed } from '../../../kits/signed-facts/signed-facts.ts';
import type { SecretStore, SecretStoreKind } from '../../platform/keychain/secret-store.ts';
import type { Logger } from '../../platform/log/logger.ts';

/** The keychain account of the seed. */
export const STATION_KEY_ACCOUNT = 'pharmacy-record station key';

/** The station's key, and where its seed is kept: the OS keychain, or memory for this run only. */
export interface LoadedStationKey {
  key: StationKey;
  kept: SecretStoreKind;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A key for this run only: its seed stays in this process, and the log says why (never the seed). */
function forThisRun(seed: string, error: unknown, log: Pick<Logger, 'warn'>): LoadedStationKey {
  log.warn(
    "The OS keychain could not keep this station's signing key for the pharmacy record, so it is kept in memory for this run only: after a restart the station signs with a new key. Nothing secret is written to disk.",
    { keychain: 'memory', reason: reasonOf(error) },
  );
  return { key: stationKeyFromSeed(seed), kept: 'memory' };
}

/**
 * The station's key from the keychain, made and stored there when it has none (or what it holds is not a seed). A
 * keychain that cannot be read or cannot store the new seed leaves the key in memory for this run (`kept: 'memory'`),
 * as does a secret store that is memory itself (no keychain on this computer).
 */
export async function loadStationKey(secrets: SecretStore, log: Pick<Logger, 'warn'>): Promise<LoadedStationKey> {
  let saved: string | null;
  try {
    saved = await secrets.get(STATION_KEY_ACCOUNT);
  } catch (error) {
    return forThisRun(newStationSeed(), error, log);
  }
  if (saved) {
    try {
      return { key: stationKeyFromSeed(saved), kept: secrets.kind };
    } catch {
      // Not a seed (damaged or written by something else): a new key replaces it.
    }
  }
  const seed = newStationSeed();
  try {
    await secrets.set(STATION_KEY_ACCOUNT, seed);
  } catch (error) {
    return forThisRun(seed, error, log);
  }
  return { key: stationKeyFromSeed(seed), kept: secrets.kind };
}
