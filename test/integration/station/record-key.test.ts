// A station whose OS keychain cannot keep its signing key for the pharmacy record (a keychain stand-in behind the real
// keychain store that cannot store: a locked collection) still starts and verifies: the key lives in memory for this
// run, app:info says so for every screen, and its seed is in no file of the data folder and no log line.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stationKeyFromSeed } from '../../../kits/signed-facts/signed-facts.ts';
import { Db } from '../../../kits/sqlite/db.ts';
import { createKeychainStore } from '../../../main/platform/keychain/keychain.ts';
import { createMemorySecretStore } from '../../../main/platform/keychain/secret-store.ts';
import { RECORD_KEYCHAIN_SERVICE } from '../../../main/station/pharmacy-record.ts';
import { drillDriver } from './drill-driver.ts';
import { ADMIN, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { verifyDriver } from './verify-driver.ts';

const SEED = /SU[A-Z2-7]{56}/;
let rig: StationRig | undefined;
const driver = verifyDriver(() => rig as StationRig);
const d = drillDriver(driver);
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

/** A station whose record keychain is the real keychain store over a keytar stand-in; other keychains are memory. */
async function stationWithRecordKeychain(canStore: boolean) {
  const tried: string[] = [];
  const held = new Map<string, string>();
  const keychain = createKeychainStore(
    {
      getPassword: async (_service, account) => held.get(account) ?? null,
      setPassword: async (_service, account, seed) => {
        tried.push(seed);
        if (!canStore) throw new Error('the collection is locked');
        held.set(account, seed);
      },
      deletePassword: async (_service, account) => held.delete(account),
    },
    RECORD_KEYCHAIN_SERVICE,
  );
  const others = createMemorySecretStore();
  rig = await startStationRig({
    openSecrets: async (name) => (name === RECORD_KEYCHAIN_SERVICE ? keychain : others),
  });
  return tried;
}

/** Every file below the folder, as bytes read as text (SQLite files and their write-ahead logs included). */
function everyFileIn(folder: string): { file: string; text: string }[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? everyFileIn(path) : [{ file: path, text: readFileSync(path, 'latin1') }];
  });
}

describe("the station's signing key for the pharmacy record without a keychain", () => {
  it('starts, verifies with a key kept in memory for this run, says so on every screen, and writes the seed nowhere', async () => {
    const tried = await stationWithRecordKeychain(false);
    expect(await driver.value('app:info')).toMatchObject({ recordKey: { kept: 'memory' } });
    expect(tried).toHaveLength(1);
    const seed = tried[0] as string;

    const attempt = await d.startAs(ADMIN, 'damaged-label-reprint', TECHNICIAN);
    await driver.value('verify:start', { orderId: attempt.orderId });
    expect((await d.scanItem(attempt, attempt.bin[0]!)).run.recorded).toMatchObject({ outcome: 'verified' });
    const record = new Db(join(rig!.dataDir, 'record.db'));
    const verified = record.get<{ signed: string }>("SELECT signed FROM facts WHERE kind = 'order_verified'");
    record.close();
    expect(verified?.signed).toContain(stationKeyFromSeed(seed).publicKey);

    const files = everyFileIn(rig!.dataDir);
    expect(files.length).toBeGreaterThan(3);
    expect(files.filter(({ text }) => SEED.test(text) || text.includes(seed)).map((f) => f.file)).toEqual([]);
    expect(rig!.lines.filter((line) => line.includes(seed))).toEqual([]);
    expect(rig!.lines.some((line) => line.includes('kept in memory for this run only'))).toBe(true);
  });

  it('with a keychain that keeps it, nothing is said', async () => {
    const tried = await stationWithRecordKeychain(true);
    expect(await driver.value('app:info')).toMatchObject({ recordKey: { kept: 'keychain' } });
    expect(tried).toHaveLength(1);
  });
});
