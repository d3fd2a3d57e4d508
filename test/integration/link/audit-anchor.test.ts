// The audit anchor on the pharmacy's link as `relay -- init` writes it (real nats-server, TLS, one station's own
// key): `npm run audit -- verify --stream` reads every checkpoint a chain ever sent, so an older one replayed as the
// newest hides nothing; a station on a folder cut short sends no checkpoint over the one the stream holds; and a chain
// begun because the folder's failed its own check is named, whatever the folder says now.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditSubject } from '../../../contract/pharmacy-stream.ts';
import { type AuditLog, openAuditLog } from '../../../main/audit/index.ts';
import { verifyAuditFolder } from '../../../main/audit/verify-chain.ts';
import { readStreamCheckpoints, streamCheckpoint } from '../../../main/events/audit-checkpoint-reader.ts';
import { createCheckpointCourier, shareCheckpointsOf } from '../../../main/events/audit-checkpoints.ts';
import { createMemorySecretStore } from '../../../main/platform/keychain/secret-store.ts';
import { createLogger } from '../../../main/platform/log/logger.ts';
import type { SecretStore } from '../../../main/service/session/index.ts';
import { seedFile } from '../../../relay/link/init.ts';
import { copyWithoutTriggers } from '../audit/tamper.ts';
import { type Link, startLink } from './link-harness.ts';

const USER = { id: 'u-1', email: 'technician@training.local', firstName: 'Taylor', lastName: 'Technician' };
const log = createLogger({ scope: 'audit', write: () => {} });
let link: Link;
let stationA: NatsConnection;
let mallory: NatsConnection;
/** A stand-in for the OS keychain (the chain is keyed only with one): the key stays in this process. */
const keychain: SecretStore = { ...createMemorySecretStore(), kind: 'keychain' };

/** How IT runs `verify --stream`: the servers, a link user's own seed (any station's will do) and the CA. */
const fromStream = (chainId: string) =>
  readStreamCheckpoints(
    {
      servers: link.manifest.servers,
      stationId: 'station-b',
      secret: readFileSync(seedFile(link.dir, 'station-b', 'station'), 'utf8').trim(),
      tlsCa: readFileSync(link.caFile, 'utf8'),
    },
    chainId,
  );

/** A station (station-a) on `dataDir`: its audit log, its checkpoints sent as main/station/wiring.ts ties them. */
async function stationOn(dataDir: string) {
  const audit = await openAuditLog({ dataDir, serviceId: 'training', log }, keychain);
  const courier = createCheckpointCourier({ connection: () => stationA, station: 'Station A' });
  shareCheckpointsOf(audit, { offerCheckpoint: (checkpoint, problem) => courier.offer(checkpoint, problem) });
  await courier.settled();
  return { audit, courier };
}

function adjust(audit: AuditLog, times: number) {
  for (let i = 0; i < times; i++) {
    audit.recordAdjustment(
      {
        lotId: 'lot-1',
        productId: 'p-1',
        batchNumber: 'B1',
        change: -1,
        quantityBefore: 10 - i,
        quantityAfter: 9 - i,
        reason: 'Counted',
      },
      USER,
    );
  }
}

/** A chain of 5 records on the stream, with its checkpoints at 2 and at 5 records sent; answers its chain id. */
async function fiveRecordsSent(dataDir: string): Promise<string> {
  const { audit, courier } = await stationOn(dataDir);
  adjust(audit, 2);
  audit.exportRange({ from: '2020-01-01', to: '2040-01-01', format: 'json' });
  await courier.settled();
  adjust(audit, 3);
  audit.exportRange({ from: '2020-01-01', to: '2040-01-01', format: 'json' });
  await courier.settled();
  const chainId = audit.latestCheckpoint()?.chainId as string;
  audit.close();
  await courier.settled();
  expect((await fromStream(chainId)).map((c) => c.records)).toEqual([0, 2, 5]);
  return chainId;
}

/** The folder copied with its newest records, their links and every checkpoint of its own removed: 2 records left. */
async function cutToTwo(from: string, to: string): Promise<string> {
  const copy = await copyWithoutTriggers(from, to);
  const cut = copy.db.prepare('SELECT record_id FROM audit_chain WHERE seq > 2').all() as { record_id: string }[];
  for (const { record_id } of cut) copy.db.prepare('DELETE FROM lot_adjustments WHERE id = ?').run(record_id);
  copy.db.exec('DELETE FROM audit_chain WHERE seq > 2; DELETE FROM audit_checkpoints;');
  copy.db.close();
  return copy.dir;
}

beforeAll(async () => {
  link = await startLink({ stations: ['station-a', 'station-b'] });
  stationA = await link.connectAs('station-a');
  mallory = await link.connectAs('station-b');
}, 60_000);
afterAll(async () => {
  await stationA?.close();
  await mallory?.close();
  await link?.close();
});

describe("the audit anchor on the pharmacy's link cannot be replayed", () => {
  it('an older checkpoint replayed as the newest does not hide a chain cut from 5 records to 2', async () => {
    const work = join(link.dir, '..', 'replayed');
    const chainId = await fiveRecordsSent(join(work, 'station'));
    // Another station's login sends the signed checkpoint of 2 records again: it is the subject's last message now.
    const older = (await fromStream(chainId)).find((c) => c.records === 2);
    await jetstream(mallory).publish(auditSubject(chainId), JSON.stringify(older));
    expect(await streamCheckpoint(mallory, chainId)).toMatchObject({ records: 2 });
    const cut = await cutToTwo(join(work, 'station'), join(work, 'cut'));
    const outcome = await verifyAuditFolder(cut, keychain, null, fromStream);
    expect(outcome.code).toBe(1);
    expect(outcome.line).toMatch(/SHORTENED at record 3: the pharmacy stream's checkpoint of .* counts 5 records/);
  });

  it('a station started on a folder cut short sends no checkpoint over the one the stream holds, and is named', async () => {
    const work = join(link.dir, '..', 'tail-cut');
    const chainId = await fiveRecordsSent(join(work, 'station'));
    const cut = await cutToTwo(join(work, 'station'), join(work, 'cut'));
    // The station starts on the cut folder: its chain is whole as far as it goes, and signs a checkpoint of 2.
    const { audit, courier } = await stationOn(cut);
    expect(audit.latestCheckpoint()).toMatchObject({ chainId, records: 2 });
    expect(courier.refusal()).toMatch(/^SHORTENED at record 3: the checkpoint the stream holds counts 5 records/);
    audit.close();
    await courier.settled();
    expect((await fromStream(chainId)).map((c) => c.records)).toEqual([0, 2, 5]);
    const outcome = await verifyAuditFolder(cut, keychain, null, fromStream);
    expect(outcome.code).toBe(1);
    expect(outcome.line).toMatch(/SHORTENED at record 3: the pharmacy stream's checkpoint of .* counts 5 records/);
  });

  it('a station on a folder whose chain fails its own check begins a new chain, and verify --stream names why', async () => {
    const work = join(link.dir, '..', 'failed-check');
    const oldChain = await fiveRecordsSent(join(work, 'station'));
    const copy = await copyWithoutTriggers(join(work, 'station'), join(work, 'changed'));
    const second = copy.db.prepare('SELECT record_id FROM audit_chain WHERE seq = 2').get() as { record_id: string };
    copy.db.prepare("UPDATE lot_adjustments SET reason = 'Nothing happened here' WHERE id = ?").run(second.record_id);
    copy.db.close();
    // The station starts there: the chain is kept aside, a new one begins and its checkpoints go to the stream.
    const { audit, courier } = await stationOn(copy.dir);
    expect(audit.standing().brokenChainKept?.problem).toMatch(/^BROKEN at record 2/);
    const newChain = audit.latestCheckpoint()?.chainId as string;
    expect(newChain).not.toBe(oldChain);
    expect(courier.refusal()).toBeNull();
    audit.close();
    await courier.settled();
    expect((await fromStream(oldChain)).map((c) => c.records)).toEqual([0, 2, 5]);
    const outcome = await verifyAuditFolder(copy.dir, keychain, null, fromStream);
    expect(outcome.code).toBe(1);
    expect(outcome.line).toMatch(
      new RegExp(
        `BROKEN before it: the station began this chain when chain ${oldChain} failed its own check \\(BROKEN at record 2: .*kept aside as audit-broken-`,
      ),
    );
  });

  it('a chain changed under a running station sends no checkpoint of it', async () => {
    const dataDir = join(link.dir, '..', 'changed-while-running');
    const { audit, courier } = await stationOn(dataDir);
    adjust(audit, 3);
    const chainId = audit.latestCheckpoint()?.chainId as string;
    // Someone with the file changes the second record while the station runs.
    const file = new DatabaseSync(join(dataDir, 'audit.db'));
    file.exec('DROP TRIGGER lot_adjustments_no_update');
    file.exec("UPDATE lot_adjustments SET reason = 'Nothing happened here' WHERE seq = 2");
    file.close();
    audit.exportRange({ from: '2020-01-01', to: '2040-01-01', format: 'json' });
    await courier.settled();
    expect(courier.refusal()).toMatch(/^BROKEN at record 2: /);
    expect((await fromStream(chainId)).map((c) => c.records)).toEqual([0]);
    audit.close();
  });

  it('a checkpoint is published expecting the message its chain was checked against: one slipped in between is checked too', async () => {
    const chainId = 'chain-raced';
    const courier = createCheckpointCourier({ connection: () => stationA, station: 'Station A' });
    const checkedAgainst: (number | null)[] = [];
    const checkpoint = { chainId, records: 7, head: 'a'.repeat(64), at: '2026-01-05T10:00:00.000Z', signature: 's' };
    courier.offer(checkpoint, (sent) => {
      checkedAgainst.push(sent?.records ?? null);
      // Between this check and the publish, another checkpoint reaches the chain's subject (sent ahead on the same
      // connection, so the server stores it first).
      if (checkedAgainst.length === 1) {
        const slipped = { ...checkpoint, records: 6, head: 'b'.repeat(64), station: 'Station B' };
        stationA.publish(auditSubject(chainId), JSON.stringify(slipped));
      }
      return null;
    });
    await courier.settled();
    expect(checkedAgainst).toEqual([null, 6]);
    expect((await fromStream(chainId)).map((c) => c.records)).toEqual([6, 7]);
  });
});
