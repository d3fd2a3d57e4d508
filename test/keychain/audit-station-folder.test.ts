// A real station's data folder, its audit chain keyed in a real Secret Service, attacked on a copy the way someone
// holding only the folder would: drop the triggers, change who verified an order, delete the newest stop and its link,
// recompute the links from there on (plain SHA-256: the key is not in the folder). `npm run audit -- verify` names the
// verification; deleting the newest record alone is named against the station's last checkpoint.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../main/platform/log/logger.ts';
import { openSecretStore } from '../../main/service/session/index.ts';
import { copyWithoutTriggers, deleteNewestStop, recomputeLinks } from '../integration/audit/tamper.ts';
import { verifyCommand } from '../integration/audit/verify-command.ts';
import { PASSWORD, type StationRig, startStationRig, TECHNICIAN } from '../integration/station/harness.ts';
import { type DrivenOrder, verifyDriver } from '../integration/station/verify-driver.ts';

const log = createLogger({ scope: 'keychain', write: () => {} });
let rig: StationRig;
let copies: string;
let verificationId: string;
/** The review decisions recorded first (one per prescription): the chain's first records. */
let reviews = 0;

beforeAll(async () => {
  copies = await mkdtemp(join(tmpdir(), 'audit-copies-'));
  rig = await startStationRig({ openSecrets: (name) => openSecretStore(name, log) });
  const { value: answer, orders, controlled, scan, scanAll, foreignProduct, review } = verifyDriver(() => rig);
  await answer('session:signIn', { email: TECHNICIAN, password: PASSWORD });
  // Main's own run writes each record: two stops let go, the verification, then a stop on the next order's run.
  const [order, next] = (await orders('received,data_entry')).filter((o) => !controlled(o));
  if (!order || !next) throw new Error('the demo data has too few such records');
  // A pharmacist's "OK to fill" first: the pharmacist's gate holds an order nobody reviewed.
  reviews = (await review(order)).length + (await review(next)).length;
  const letGo = async (onOrder: DrivenOrder, note: string) => {
    await scan(onOrder.id, (await foreignProduct(onOrder)).sku);
    const orderId = onOrder.id;
    await answer('verify:answerStop', { orderId, reason: 'removed', note, taskRef: null, confirmationId: null });
  };
  await answer('verify:start', { orderId: order.id });
  await letGo(order, 'Put it back on the shelf');
  await letGo(order, 'Scanned the shelf label');
  verificationId = (await scanAll(order)).run.recorded!.id;
  await answer('verify:start', { orderId: next.id });
  await letGo(next, 'A second look at the bin');
  await rig.stop();
}, 60_000);
afterAll(async () => {
  await rm(rig.dataDir, { recursive: true, force: true });
  await rm(copies, { recursive: true, force: true });
});

const copyOf = (name: string) => copyWithoutTriggers(rig.dataDir, join(copies, name));

describe('npm run audit -- verify on a copy of a real station’s data folder', () => {
  it('is intact as the station left it, keyed from its first record', async () => {
    expect(await verifyCommand(rig.dataDir)).toEqual({
      code: 0,
      out: expect.stringMatching(
        new RegExp(
          `^audit chain: ${reviews + 4} records, intact, keyed from record 1; checkpoint of .* matches record ${reviews + 4}$`,
        ),
      ),
    });
  });

  it('names the verification whose verifier was changed, the newest stop deleted and the links recomputed', async () => {
    const { dir, db } = await copyOf('rewritten');
    db.prepare(
      "UPDATE verifications SET user_id = NULL, user_email = 'pharmacist@training.local', user_name = 'Parker Pharmacist' WHERE id = ?",
    ).run(verificationId);
    deleteNewestStop(db);
    // From the changed record (the verification, after the reviews and two stops) on, every link recomputed the only
    // way open without the key.
    recomputeLinks(db, reviews + 3);
    db.close();
    expect(await verifyCommand(dir)).toEqual({
      code: 1,
      out: `audit chain: ${reviews + 3} records, BROKEN at record ${reviews + 3}: verifications ${verificationId}: the link was written without the key (recomputed by hand, or a run without the keychain)`,
    });
  });

  it('names the newest record deleted with its link against the station’s last checkpoint', async () => {
    const { dir, db } = await copyOf('shortened');
    deleteNewestStop(db);
    db.close();
    expect(await verifyCommand(dir)).toMatchObject({
      code: 1,
      out: expect.stringMatching(
        new RegExp(
          `^audit chain: ${reviews + 3} records, SHORTENED at record ${reviews + 4}: the station's checkpoint of .* counts ${reviews + 4} records, the chain has ${reviews + 3}$`,
        ),
      ),
    });
  });

  it('started on its own folder laundered, the station keeps the broken chain aside, says so, and records anew', async () => {
    const laundered = join(copies, 'laundered-in-place');
    const { db } = await copyWithoutTriggers(rig.dataDir, laundered);
    db.prepare("UPDATE verifications SET user_email = 'pharmacist@training.local' WHERE id = ?").run(verificationId);
    recomputeLinks(db);
    db.exec("DELETE FROM audit_meta WHERE key = 'keyed_from'; DELETE FROM audit_checkpoints");
    db.close();
    await cp(join(laundered, 'audit.db'), join(rig.dataDir, 'audit.db'));
    await rig.restart();
    const info = await rig.station.invoke('app:info', undefined);
    expect(info).toMatchObject({
      ok: true,
      value: {
        auditRecord: {
          keyed: true,
          brokenChainKept: {
            file: expect.stringMatching(/^audit-broken-/),
            problem: expect.stringContaining('keyed state was removed'),
          },
        },
      },
    });
    expect(rig.lines.some((line) => line.includes('failed its own check at start'))).toBe(true);
    await rig.stop();
    expect(await verifyCommand(rig.dataDir)).toMatchObject({ code: 0, out: expect.stringContaining('intact') });
  });
});
