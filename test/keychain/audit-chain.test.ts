// The keyed audit chain against a real Secret Service: a station's audit log keyed from the OS keychain, and
// `npm run audit -- verify` (a child process reading the same keychain) naming what someone holding only a copy of the
// data folder did to it: drop the triggers, change who verified, delete the newest stop and its link, recompute.
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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

  it('never keys a chain an older version left unkeyed: it goes on unkeyed, and verify says NOT KEYED (exit 2)', async () => {
    const dir = join(folder, 'older-version');
    // An older version (or a run without a keychain): plain SHA-256 links.
    const older = createAuditLog({ dataDir: dir, serviceId: 'training', log });
    older.recordStop(stop('Before the key'), TECHNICIAN);
    older.recordStop(stop('Also before the key'), TECHNICIAN);
    older.close();
    const secrets = await openSecretStore(AUDIT_KEYCHAIN_NAME, log);
    const reopened = await openAuditLog({ dataDir: dir, serviceId: 'training', log }, secrets);
    reopened.recordStop(stop('With a keychain there now'), TECHNICIAN);
    expect(reopened.standing()).toEqual({ keyed: false, brokenChainKept: null, acknowledged: null });
    reopened.close();
    expect(await verify(dir)).toEqual({
      code: 2,
      out: 'audit chain: 3 records, links consistent but NOT KEYED: anyone holding the data folder could have rewritten them (written without an OS keychain, or by an older version)',
    });
  });

  it('names a laundered chain (rewritten, re-linked with plain SHA-256, keyed_from deleted); the station never extends it', async () => {
    const { dir, db } = await copyOf('laundered');
    db.prepare("UPDATE verifications SET user_email = 'pharmacist@training.local'").run();
    recomputeLinks(db);
    db.exec("DELETE FROM audit_meta WHERE key = 'keyed_from'; DELETE FROM audit_checkpoints");
    db.close();
    const named = await verify(dir);
    expect(named.code).toBe(1);
    expect(named.out).toMatch(/^audit chain: 4 records, BROKEN at record 1: .*keyed state was removed/);
    // The station starts on it: the chain is not keyed again or extended; it is kept aside, and a new chain begins.
    const secrets = await openSecretStore(AUDIT_KEYCHAIN_NAME, log);
    const started = await openAuditLog({ dataDir: dir, serviceId: 'training', log }, secrets);
    const kept = started.standing().brokenChainKept;
    expect(kept).toMatchObject({ file: expect.stringMatching(/^audit-broken-.*\.db$/), problem: expect.any(String) });
    expect(started.standing().keyed).toBe(true);
    started.recordStop(stop('On the new chain'), TECHNICIAN);
    started.close();
    expect((await verify(dir)).out).toMatch(/^audit chain: 1 records, intact, keyed from record 1/);
    // The broken chain, kept whole for the audit, still names what was done to it.
    const aside = join(folder, 'kept-aside');
    await mkdir(aside);
    await copyFile(join(dir, kept?.file as string), join(aside, 'audit.db'));
    expect(await verify(aside)).toEqual(named);
  });

  it('refuses a checkpoint of this chain whose only defect is its signature', async () => {
    const kept = JSON.parse(await readFile(exportFile, 'utf8')).checkpoint;
    const forged = join(folder, 'forged-signature.json');
    const flipped = `${kept.signature[0] === '0' ? '1' : '0'}${kept.signature.slice(1)}`;
    await writeFile(forged, JSON.stringify({ ...kept, signature: flipped }));
    expect(await verify(dataDir, ['--checkpoint', exportFile])).toMatchObject({ code: 0 });
    expect(await verify(dataDir, ['--checkpoint', forged])).toEqual({
      code: 1,
      out: expect.stringContaining(
        "the given checkpoint of 2026-11-27 09:00 does not carry this chain's signature (forged)",
      ),
    });
  });

  it('refuses a checkpoint of another chain', async () => {
    const forged = join(folder, 'forged.json');
    await writeFile(
      forged,
      JSON.stringify({ chainId: 'x', records: 1, head: 'a', at: '2026-11-27T09:00:00Z', signature: 'b' }),
    );
    expect((await verify(dataDir, ['--checkpoint', forged])).out).toContain('of another chain');
  });
});
