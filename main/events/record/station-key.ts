// This station's signing key for the pharmacy's record: an ed25519 pair whose seed lives in the OS keychain (made on
// first use), so the facts this station writes can be told from any other's. Enrolment (issue #35) will vouch for it.
import { newStationSeed, type StationKey, stationKeyFromSeed } from '../../../kits/signed-facts/signed-facts.ts';
import type { SecretStore } from '../../platform/keychain/secret-store.ts';

/** The keychain account of the seed. */
export const STATION_KEY_ACCOUNT = 'pharmacy-record station key';

/** The station's key from the keychain, made and stored there when it has none (or what it holds is not a seed). */
export async function loadStationKey(secrets: SecretStore): Promise<StationKey> {
  const saved = await secrets.get(STATION_KEY_ACCOUNT);
  if (saved) {
    try {
      return stationKeyFromSeed(saved);
    } catch {
      // Not a seed (damaged or written by something else): a new key replaces it.
    }
  }
  const seed = newStationSeed();
  await secrets.set(STATION_KEY_ACCOUNT, seed);
  return stationKeyFromSeed(seed);
}
