// A station's signed audit checkpoints go to the pharmacy's stream (a real nats-server, JetStream on), an off-machine
// copy: the audit check holds the local chain against it, and finds a chain shortened or rewritten on the station even
// when its own checkpoints were removed with the records.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditLog, openAuditLog } from '../../../main/audit/index.ts';
import { verifyAuditFolder } from '../../../main/audit/verify-chain.ts';
import { readStreamCheckpoints } from '../../../main/events/audit-checkpoint-reader.ts';
import { shareCheckpointsOf } from '../../../main/events/audit-checkpoints.ts';
import type { EventSystem } from '../../../main/events/system.ts';
import { createMemorySecretStore } from '../../../main/platform/keychain/secret-store.ts';
import { createLogger } from '../../../main/platform/log/logger.ts';
import type { SecretStore } from '../../../main/service/session/index.ts';
import { ensurePharmacyStream } from '../../../relay/stream.ts';
import { copyWithoutTriggers } from '../audit/tamper.ts';
import { type NatsServer, startNatsServer } from './nats-server.ts';
import { relayStation } from './relay-station.ts';

const USERS = [
  { user: 'relay', pass: 'relay-pass-synthetic' },
  { user: 'station-a', pass: 'a-pass-synthetic' },
];
const USER = { id: 'u-1', email: 'technician@training.local', firstName: 'Taylor', lastName: 'Technician' };
const log = createLogger({ scope: 'audit', write: () => {} });
let nats: NatsServer;
let folder: string;
let dataDir: string;
let system: EventSystem;
let audit: AuditLog;
/** A stand-in for the OS keychain (the chain is keyed only with one): the key stays in this process. */
const keychain: SecretStore = { ...createMemorySecretStore(), kind: 'keychain' };
const fromStream = (chainId: string) =>
  readStreamCheckpoints({ servers: [nats.url], stationId: 'station-a', secret: 'a-pass-synthetic' }, chainId);
const newestOnStream = async (chainId: string) => (await fromStream(chainId)).at(-1);

const adjust = (change: number) =>
  audit.recordAdjustment(
    {
      lotId: 'lot-1',
      productId: 'p-1',
      batchNumber: 'B1',
      change,
      quantityBefore: 10,
      quantityAfter: 10 + change,
      reason: 'Counted',
    },
    USER,
  );

beforeAll(async () => {
  nats = await startNatsServer(USERS);
  // The relay makes the pharmacy's stream (relay/stream.ts), as it does at every connect.
  const relay = await connect({ servers: [nats.url], user: 'relay', pass: 'relay-pass-synthetic' });
  await ensurePharmacyStream(relay);
  await relay.close();
  folder = mkdtempSync(join(tmpdir(), 'audit-stream-'));
  dataDir = join(folder, 'station');
  system = relayStation(nats.url, { id: 'station-a', name: 'Station 1', password: 'a-pass-synthetic' }).system;
  await system.start();
  audit = await openAuditLog({ dataDir, serviceId: 'training', log }, keychain);
  // As main/station/wiring.ts ties them: every checkpoint offered to the events system, the newest at once.
  shareCheckpointsOf(audit, system);
}, 30_000);
afterAll(async () => {
  await system?.stop();
  await nats?.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe("the station's audit checkpoints on the pharmacy's stream", () => {
  it('each checkpoint the station signs reaches the stream, and the chain is checked against it', async () => {
    for (const change of [-1, -2, -3]) adjust(change);
    audit.exportRange({ from: '2020-01-01', to: '2040-01-01', format: 'json' });
    const chainId = audit.latestCheckpoint()?.chainId as string;
    await expect.poll(async () => (await newestOnStream(chainId))?.records, { timeout: 15_000 }).toBe(3);
    expect(await newestOnStream(chainId)).toMatchObject({ station: 'Station 1', chainId, records: 3 });
    const outcome = await verifyAuditFolder(dataDir, keychain, null, fromStream);
    expect(outcome).toMatchObject({ code: 0 });
    expect(outcome.line).toMatch(
      /^audit chain: 3 records, intact, keyed from record 1; checkpoint of .* matches record 3$/,
    );
  });

  it('a chain shortened on the station, its own checkpoints removed too, is SHORTENED against the stream', async () => {
    const copy = await copyWithoutTriggers(dataDir, join(folder, 'shortened'));
    const newest = copy.db
      .prepare('SELECT record_table, record_id FROM audit_chain ORDER BY seq DESC LIMIT 1')
      .get() as {
      record_table: string;
      record_id: string;
    };
    copy.db.prepare(`DELETE FROM ${newest.record_table} WHERE id = ?`).run(newest.record_id);
    copy.db.exec(
      'DELETE FROM audit_chain WHERE seq = (SELECT MAX(seq) FROM audit_chain); DELETE FROM audit_checkpoints;',
    );
    copy.db.close();
    // Locally nothing tells: the links that are left are intact and no checkpoint says otherwise.
    expect((await verifyAuditFolder(copy.dir, keychain)).code).toBe(0);
    const outcome = await verifyAuditFolder(copy.dir, keychain, null, fromStream);
    expect(outcome.code).toBe(1);
    expect(outcome.line).toContain("SHORTENED at record 3: the pharmacy stream's checkpoint of");
  });

  it('a record removed and the chain written on afterwards is REWRITTEN against the stream', async () => {
    const copy = await copyWithoutTriggers(dataDir, join(folder, 'rewritten'));
    const newest = copy.db.prepare('SELECT record_id FROM audit_chain ORDER BY seq DESC LIMIT 1').get() as {
      record_id: string;
    };
    copy.db.prepare('DELETE FROM lot_adjustments WHERE id = ?').run(newest.record_id);
    copy.db.exec(
      'DELETE FROM audit_chain WHERE seq = (SELECT MAX(seq) FROM audit_chain); DELETE FROM audit_checkpoints;',
    );
    copy.db.close();
    // The station starts on the copy (its key in the keychain) and records on: the chain is whole again, locally.
    const reopened = await openAuditLog({ dataDir: copy.dir, serviceId: 'training', log }, keychain);
    reopened.recordAdjustment(
      {
        lotId: 'lot-1',
        productId: 'p-1',
        batchNumber: 'B1',
        change: 5,
        quantityBefore: 4,
        quantityAfter: 9,
        reason: 'Received',
      },
      USER,
    );
    reopened.close();
    const outcome = await verifyAuditFolder(copy.dir, keychain, null, fromStream);
    expect(outcome.code).toBe(1);
    expect(outcome.line).toContain("REWRITTEN: record 3 is not the one the pharmacy stream's checkpoint of");
  });

  it('without a copy on the stream it says it could not check, never "intact"', async () => {
    const outcome = await verifyAuditFolder(dataDir, keychain, null, async () => []);
    expect(outcome).toEqual({
      code: 1,
      line: "audit chain: 3 records, NOT CHECKED: the pharmacy's stream holds no checkpoint of this chain",
    });
  });
});
