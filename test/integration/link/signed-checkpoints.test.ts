// A station's audit checkpoints on the pharmacy's stream are signed with its record key, and `npm run audit -- verify
// --stream --pharmacy-key …` counts one only for the signature of a key the pharmacy enrolled under the station name it
// gives: on the link `relay -- init` wrote, over TLS, Mallory holds Station B's own login and a key nobody enrolled,
// and puts checkpoints on Station A's chain (signed by her, unsigned, with Station A's signature over another
// checkpoint). Without the pharmacy's key they made A's intact chain fail its check; with it they are nobody's word.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditSubject } from '../../../contract/pharmacy-stream.ts';
import { newStationSeed, stationKeyFromSeed } from '../../../kits/signed-facts/signed-facts.ts';
import { SIGNATURE_HEADER, signedHeaders } from '../../../kits/signed-facts/signed-messages.ts';
import { openAuditLog } from '../../../main/audit/index.ts';
import { verifyAuditFolder } from '../../../main/audit/verify-chain.ts';
import { readStreamCheckpoints } from '../../../main/events/audit-checkpoint-reader.ts';
import { createCheckpointCourier, shareCheckpointsOf } from '../../../main/events/audit-checkpoints.ts';
import { createMemorySecretStore } from '../../../main/platform/keychain/secret-store.ts';
import { createLogger } from '../../../main/platform/log/logger.ts';
import type { SecretStore } from '../../../main/service/session/index.ts';
import { enrolmentOf, pharmacySeedIn, publishEnrolment } from '../../../relay/link/enrol.ts';
import { seedFile } from '../../../relay/link/init.ts';
import { type Link, startLink } from './link-harness.ts';

const USER = { id: 'u-1', email: 'technician@training.local', firstName: 'Taylor', lastName: 'Technician' };
const log = createLogger({ scope: 'audit', write: () => {} });
let link: Link;
let dataDir: string;
const connections: NatsConnection[] = [];
const stationKey = stationKeyFromSeed(newStationSeed());
const malloryKey = stationKeyFromSeed(newStationSeed());
/** A stand-in for the OS keychain (the chain is keyed only with one): the key stays in this process. */
const keychain: SecretStore = { ...createMemorySecretStore(), kind: 'keychain' };

/** How IT runs `verify --stream`: a link user's own seed and the CA, and (or not) the pharmacy's public key. */
const fromStream = (pharmacyKey?: string) => (chainId: string) =>
  readStreamCheckpoints(
    {
      servers: link.manifest.servers,
      stationId: 'station-b',
      secret: readFileSync(seedFile(link.dir, 'station-b', 'station'), 'utf8').trim(),
      tlsCa: readFileSync(link.caFile, 'utf8'),
    },
    chainId,
    pharmacyKey,
  );

beforeAll(async () => {
  link = await startLink({ stations: ['station-a', 'station-b'] });
  for (const login of ['admin', 'station-a', 'station-b']) connections.push(await link.connectAs(login));
  const enrolment = enrolmentOf(pharmacySeedIn(link.dir), { name: 'Station A', key: stationKey.publicKey }, 'IT');
  await publishEnrolment(connections[0] as NatsConnection, enrolment);
  dataDir = mkdtempSync(join(tmpdir(), 'signed-checkpoints-'));
}, 60_000);
afterAll(async () => {
  for (const nc of connections) await nc.close();
  await link?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('an audit checkpoint counts only for the signature of a station the pharmacy enrolled', () => {
  it('checkpoints put on a chain by a station not enrolled neither fail nor vouch for it', async () => {
    const stationA = connections[1] as NatsConnection;
    const audit = await openAuditLog({ dataDir, serviceId: 'training', log }, keychain);
    const key = async () => stationKey;
    const courier = createCheckpointCourier({ connection: () => stationA, station: 'Station A', key });
    shareCheckpointsOf(audit, { offerCheckpoint: (checkpoint, problem) => courier.offer(checkpoint, problem) });
    await courier.settled();
    for (let i = 0; i < 3; i++) {
      const lot = { lotId: 'lot-1', productId: 'p-1', batchNumber: 'B1', change: -1, reason: 'Counted' };
      audit.recordAdjustment({ ...lot, quantityBefore: 10 - i, quantityAfter: 9 - i }, USER);
    }
    audit.exportRange({ from: '2020-01-01', to: '2040-01-01', format: 'json' });
    await courier.settled();
    const chainId = audit.latestCheckpoint()?.chainId as string;
    audit.close();
    await courier.settled();
    expect((await fromStream(link.manifest.pharmacyPublicKey)(chainId)).map((c) => c.records)).toEqual([0, 3]);

    // Mallory, on Station B's login: a chain of 9 records in Station A's name, signed by her key nobody enrolled.
    const js = jetstream(connections[2] as NatsConnection);
    const forged = {
      chainId,
      records: 9,
      head: 'f'.repeat(64),
      at: new Date().toISOString(),
      signature: 'x'.repeat(64),
      station: 'Station A',
    };
    const body = JSON.stringify(forged);
    await js.publish(auditSubject(chainId), body, { headers: signedHeaders(body, malloryKey) });
    const unsigned = JSON.stringify({ ...forged, records: 8 });
    await js.publish(auditSubject(chainId), unsigned);
    // Station A's real signature over another checkpoint, put on this one.
    const copied = JSON.stringify({ ...forged, records: 7 });
    const headers = signedHeaders(copied, stationKey);
    headers.set(SIGNATURE_HEADER, signedHeaders(unsigned, stationKey).get(SIGNATURE_HEADER));
    await js.publish(auditSubject(chainId), copied, { headers });

    // Believing every message on the subject, the intact chain fails its check.
    const believingAll = await verifyAuditFolder(dataDir, keychain, null, fromStream());
    expect(believingAll.code).toBe(1);
    // With the pharmacy's key, only Station A's own checkpoints count: intact.
    const outcome = await verifyAuditFolder(dataDir, keychain, null, fromStream(link.manifest.pharmacyPublicKey));
    expect(outcome.line).toMatch(/intact, keyed from record 1; checkpoint of .* matches record 3/);
    expect(outcome.code).toBe(0);
  });
});
