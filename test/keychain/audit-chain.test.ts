// The keyed audit chain against a real Secret Service: a station's audit log keyed from the OS keychain, and
// `npm run audit -- verify` (a child process reading the same keychain) naming what someone holding only a copy of the
// data folder did to it: drop the triggers, change who verified, delete the newest stop and its link, recompute.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_KEYCHAIN_NAME, createAuditLog, openAuditLog } from '../../main/audit/index.ts';
import { createLogger } from '../../main/platform/log/logger.ts';
import { openSecretStore } from '../../main/service/session/index.ts';
import { copyWithoutTriggers, deleteNewestStop, recomputeLinks } from '../integration/audit/tamper.ts';
import {
  countedScan,
  stopInput as stop,
  TECHNICIAN_USER as TECHNICIAN,
  verifyCommand as verify,
} from '../integration/audit/verify-command.ts';

const log = createLogger({ scope: 'audit', write: () => {} });
let folder: string;
let dataDir: string;
let exportFile: string;

const verification = {
  orderId: 'order-1',
  orderNumber: '1000001',
  outcome: 'verified',
  lines: [{ productId: 'p-1', sku: 'RX-0001', expected: 1, scanned: 1 }],
  scans: [countedScan('p-1')],
  taskRef: null,
};

const copyOf = (name: string) => copyWithoutTriggers(dataDir, join(folder, name));

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'audit-keyed-'));
  dataDir = join(folder, 'station');
  const secrets = await openSecretStore(AUDIT_KEYCHAIN_NAME, log);
  expect(secrets.kind).toBe('keychain');
  let now = Date.parse('2026-11-27T09:00:00Z');
  const audit = await openAuditLog({ dataDir, serviceId: 'training', log, clock: () => new Date(now++) }, secrets);
  audit.recordStop(stop('Put it back'), TECHNICIAN);
  audit.record(verification, TECHNICIAN);
  audit.recordStop(stop('Scanned the shelf label'), TECHNICIAN);
  audit.recordStop(stop('A second look'), TECHNICIAN);
  const exported = audit.exportRange({ from: '2026-11-27', to: '2026-11-27', format: 'json' });
  exportFile = join(folder, 'kept-elsewhere.json');
  await writeFile(exportFile, exported.content);
  audit.close();
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('npm run audit -- verify, with the chain keyed in the OS keychain', () => {
  it('says the chain is intact, from which record it is keyed, and which checkpoint it matches', async () => {
    expect(await verify(dataDir)).toEqual({
      code: 0,
      out: 'audit chain: 4 records, intact, keyed from record 1; checkpoint of 2026-11-27 09:00 matches record 4',
    });
    expect(await verify(dataDir, ['--checkpoint', exportFile])).toMatchObject({ code: 0 });
  });

  it('names the first record of a copy rewritten by hand: who verified changed, the newest stop gone, hashes recomputed', async () => {
    const { dir, db } = await copyOf('rewritten');
    const verified = db.prepare('SELECT id FROM verifications').get() as { id: string };
    db.prepare("UPDATE verifications SET user_email = 'pharmacist@training.local', user_name = 'Pat' WHERE id = ?").run(
      verified.id,
    );
    deleteNewestStop(db);
    // Recompute every link the only way open to someone without the key: plain SHA-256.
    const links = recomputeLinks(db);
    db.exec('DELETE FROM audit_checkpoints');
    db.close();
    expect(await verify(dir)).toEqual({
      code: 1,
      out: `audit chain: 3 records, BROKEN at record 1: verification_stops ${links[0]?.record_id}: the link was written without the key (recomputed by hand, or a run without the keychain)`,
    });
  });

  it('names the newest record deleted with its link against the station’s last checkpoint', async () => {
    const { dir, db } = await copyOf('shortened');
    deleteNewestStop(db);
    db.close();
    expect(await verify(dir)).toEqual({
      code: 1,
      out: "audit chain: 3 records, SHORTENED at record 4: the station's checkpoint of 2026-11-27 09:00 counts 4 records, the chain has 3",
    });
  });

  it('names it against a checkpoint kept elsewhere when the station’s checkpoints were deleted too', async () => {
    const { dir, db } = await copyOf('shortened-and-wiped');
    deleteNewestStop(db);
    db.exec('DELETE FROM audit_checkpoints');
    db.close();
    expect(await verify(dir)).toMatchObject({ code: 0 });
    expect(await verify(dir, ['--checkpoint', exportFile])).toEqual({
      code: 1,
      out: 'audit chain: 3 records, SHORTENED at record 4: the given checkpoint of 2026-11-27 09:00 counts 4 records, the chain has 3',
    });
  });

  it('keys a chain an older version left unkeyed from its next record on, losing none, and says from which', async () => {
    const dir = join(folder, 'older-version');
    // An older version (or a run without a keychain): plain SHA-256 links.
    const older = createAuditLog({ dataDir: dir, serviceId: 'training', log });
    older.recordStop(stop('Before the key'), TECHNICIAN);
    older.recordStop(stop('Also before the key'), TECHNICIAN);
    older.close();
    expect((await verify(dir)).out).toContain('links consistent but NOT KEYED');
    const secrets = await openSecretStore(AUDIT_KEYCHAIN_NAME, log);
    const upgraded = await openAuditLog({ dataDir: dir, serviceId: 'training', log }, secrets);
    upgraded.recordStop(stop('After the key'), TECHNICIAN);
    upgraded.close();
    expect(await verify(dir)).toMatchObject({
      code: 0,
      out: expect.stringMatching(
        /^audit chain: 3 records, intact, keyed from record 3; checkpoint of .* matches record 3$/,
      ),
    });
  });

  it('refuses a checkpoint not signed with the chain’s key', async () => {
    const forged = join(folder, 'forged.json');
    await writeFile(
      forged,
      JSON.stringify({ chainId: 'x', records: 1, head: 'a', at: '2026-11-27T09:00:00Z', signature: 'b' }),
    );
    expect((await verify(dataDir, ['--checkpoint', forged])).out).toContain('of another chain');
  });
});
