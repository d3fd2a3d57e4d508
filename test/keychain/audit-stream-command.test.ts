// `npm run audit -- verify --stream` as IT runs it (a child process reading the real Secret Service), against the
// pharmacy's link as `relay -- init` writes it (real nats-server, TLS, a station's own seed): the servers, the user,
// the seed and the CA come from the command line, and whatever the data folder's settings say is not asked.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditSubject } from '../../contract/pharmacy-stream.ts';
import { AUDIT_KEYCHAIN_NAME, openAuditLog } from '../../main/audit/index.ts';
import { streamCheckpoints } from '../../main/events/audit-checkpoint-reader.ts';
import { createCheckpointCourier, shareCheckpointsOf } from '../../main/events/audit-checkpoints.ts';
import { createLogger } from '../../main/platform/log/logger.ts';
import { openSecretStore } from '../../main/service/session/index.ts';
import { seedFile } from '../../relay/link/init.ts';
import { copyWithoutTriggers } from '../integration/audit/tamper.ts';
import { TECHNICIAN_USER, verifyCommand } from '../integration/audit/verify-command.ts';
import { type Link, startLink } from '../integration/link/link-harness.ts';

const log = createLogger({ scope: 'audit', write: () => {} });
let link: Link;
let stationA: NatsConnection;
let dataDir: string;
let chainId: string;

/** The command line IT types: the link's servers, station-b's own seed, the pharmacy's CA. */
const streamArgs = () => [
  '--stream',
  '--nats',
  link.manifest.servers.join(','),
  '--nats-user',
  'station-b',
  '--nats-seed',
  seedFile(link.dir, 'station-b', 'station'),
  '--nats-ca',
  link.caFile,
];

beforeAll(async () => {
  link = await startLink({ stations: ['station-a', 'station-b'] });
  stationA = await link.connectAs('station-a');
  dataDir = join(link.dir, '..', 'station');
  const secrets = await openSecretStore(AUDIT_KEYCHAIN_NAME, log);
  expect(secrets.kind).toBe('keychain');
  const audit = await openAuditLog({ dataDir, serviceId: 'training', log }, secrets);
  const courier = createCheckpointCourier({ connection: () => stationA, station: 'Station A' });
  shareCheckpointsOf(audit, { offerCheckpoint: (checkpoint, problem) => courier.offer(checkpoint, problem) });
  await courier.settled();
  for (let i = 0; i < 4; i++) {
    const facts = { lotId: 'lot-1', productId: 'p-1', batchNumber: 'B1', change: -1, reason: 'Counted' };
    audit.recordAdjustment({ ...facts, quantityBefore: 10 - i, quantityAfter: 9 - i }, TECHNICIAN_USER);
  }
  audit.exportRange({ from: '2020-01-01', to: '2040-01-01', format: 'json' });
  chainId = audit.latestCheckpoint()?.chainId as string;
  audit.close();
  await courier.settled();
  expect(courier.refusal()).toBeNull();
  // The last one sent after the log closed.
  expect((await streamCheckpoints(stationA, chainId)).map((c) => c.records)).toEqual([0, 4]);
  // The folder's settings point at a server of someone else's: the command never asks them.
  await writeFile(
    join(dataDir, 'settings.json'),
    JSON.stringify({ eventsRelayServers: 'nats://127.0.0.1:1', eventsRelayStation: 'station-a' }),
  );
}, 60_000);
afterAll(async () => {
  await stationA?.close();
  await link?.close();
});

describe('npm run audit -- verify --stream, with the relay named on the command line', () => {
  it('says the chain is intact against every checkpoint the stream holds of it', async () => {
    const outcome = await verifyCommand(dataDir, streamArgs());
    expect(outcome.code).toBe(0);
    expect(outcome.out).toMatch(
      /^audit chain: 4 records, intact, keyed from record 1; checkpoint of .* matches record 4$/,
    );
  });

  it('names the chain cut short even after an older checkpoint was sent again as the newest', async () => {
    const [older] = await streamCheckpoints(stationA, chainId);
    await jetstream(stationA).publish(auditSubject(chainId), JSON.stringify(older));
    expect((await streamCheckpoints(stationA, chainId)).map((c) => c.records)).toEqual([0, 4, 0]);
    const copy = await copyWithoutTriggers(dataDir, join(link.dir, '..', 'cut'));
    copy.db.exec('DELETE FROM lot_adjustments WHERE id IN (SELECT record_id FROM audit_chain WHERE seq > 2)');
    copy.db.exec('DELETE FROM audit_chain WHERE seq > 2; DELETE FROM audit_checkpoints;');
    copy.db.close();
    const outcome = await verifyCommand(copy.dir, streamArgs());
    expect(outcome.code).toBe(1);
    expect(outcome.out).toMatch(/^audit chain: 2 records, SHORTENED at record 3: the pharmacy stream's checkpoint of/);
  });

  it('refuses --stream without the servers on the command line, as a usage error', async () => {
    const outcome = await verifyCommand(dataDir, ['--stream']);
    expect(outcome.code).toBe(2);
    expect(outcome.out).toContain('--stream needs --nats');
  });
});
