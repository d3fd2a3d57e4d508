// The station's signing key for the pharmacy record without a keychain: the real keychain store over a keytar stand-in
// that fails (no Secret Service answering, or one that cannot store) leaves the key in memory for this run, and the
// log says why without the seed; a keychain that works keeps it.
import { describe, expect, it } from 'vitest';
import { stationKeyFromSeed } from '../../../kits/signed-facts/signed-facts.ts';
import { loadStationKey, STATION_KEY_ACCOUNT } from '../../../main/events/record/station-key.ts';
import { createKeychainStore, type KeytarApi } from '../../../main/platform/keychain/keychain.ts';
import { createMemorySecretStore } from '../../../main/platform/keychain/secret-store.ts';

const SERVICE = 'Fulfillment Station (pharmacy record)';
const SEED = /SU[A-Z2-7]{56}/;

/** A keytar whose Secret Service fails as told; every seed it was asked to store is kept in `tried`. */
function keytarStandIn(fails: { read?: boolean; store?: boolean }) {
  const tried: string[] = [];
  const held = new Map<string, string>();
  const api: KeytarApi = {
    async getPassword(_service, account) {
      if (fails.read) throw new Error('org.freedesktop.DBus.Error.ServiceUnknown: no Secret Service');
      return held.get(account) ?? null;
    },
    async setPassword(_service, account, password) {
      tried.push(password);
      if (fails.store) throw new Error('the collection is locked');
      held.set(account, password);
    },
    async deletePassword(_service, account) {
      return held.delete(account);
    },
  };
  return { api, tried };
}

function warnings() {
  const lines: { message: string; fields?: Record<string, unknown> }[] = [];
  return {
    lines,
    log: { warn: (message: string, fields?: Record<string, unknown>) => lines.push({ message, fields }) },
  };
}

describe("the station's record key when the keychain fails", () => {
  it('a keychain that cannot be read: the key is made for this run, kept in memory, and the log says why', async () => {
    const { api, tried } = keytarStandIn({ read: true });
    const { lines, log } = warnings();
    const loaded = await loadStationKey(createKeychainStore(api, SERVICE), log);
    expect(loaded.kept).toBe('memory');
    expect(loaded.key.publicKey).toMatch(/^U[A-Z2-7]{55}$/);
    expect(tried).toEqual([]);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.message).toMatch(/kept in memory for this run only/);
    expect(String(lines[0]?.fields?.reason)).toMatch(/no Secret Service/);
    expect(JSON.stringify(lines)).not.toMatch(SEED);
  });

  it('a keychain that cannot store the new seed: that seed signs for this run, and no log line holds it', async () => {
    const { api, tried } = keytarStandIn({ store: true });
    const { lines, log } = warnings();
    const loaded = await loadStationKey(createKeychainStore(api, SERVICE), log);
    expect(loaded.kept).toBe('memory');
    expect(tried).toHaveLength(1);
    expect(loaded.key.publicKey).toBe(stationKeyFromSeed(tried[0] as string).publicKey);
    expect(JSON.stringify(lines)).not.toContain(tried[0]);
    expect(String(lines[0]?.fields?.reason)).toMatch(/locked/);
  });

  it('each run without a keychain has a key of its own', async () => {
    const first = await loadStationKey(createKeychainStore(keytarStandIn({ read: true }).api, SERVICE), warnings().log);
    const again = await loadStationKey(createKeychainStore(keytarStandIn({ read: true }).api, SERVICE), warnings().log);
    expect(again.key.publicKey).not.toBe(first.key.publicKey);
  });

  it('no keychain on this computer at all (the memory store): kept in memory, said so', async () => {
    const loaded = await loadStationKey(createMemorySecretStore(), warnings().log);
    expect(loaded.kept).toBe('memory');
  });

  it('a keychain that works keeps the seed, and the same key comes back with nothing to warn about', async () => {
    const { api } = keytarStandIn({});
    const { lines, log } = warnings();
    const store = createKeychainStore(api, SERVICE);
    const first = await loadStationKey(store, log);
    expect(first.kept).toBe('keychain');
    expect(await store.get(STATION_KEY_ACCOUNT)).toMatch(SEED);
    expect((await loadStationKey(store, log)).key.publicKey).toBe(first.key.publicKey);
    expect(lines).toEqual([]);
  });
});
