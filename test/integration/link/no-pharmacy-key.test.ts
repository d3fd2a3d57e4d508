// A station on IT's link (set up by the machine policy, signing in with its record key over TLS through the
// configuration `relay -- init` wrote) whose policy names no pharmacy key cannot check anybody's enrolment, so it
// believes no other station at all: not an enrolled station's review in the record, not its signed share. It says so
// in its log and on its Events relay card (pharmacy:enrolment's `problem`), naming the setting IT must set. Nor does a
// station whose servers were typed in its settings (settings.json, which anyone at that computer can edit): an OK to
// fill any key writes to that server is not believed.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../contract/ipc/settings.ts';
import { factSubject } from '../../../contract/pharmacy-record-subjects.ts';
import type { StationShareMessage } from '../../../contract/pharmacy-stream.ts';
import { newStationSeed, stationKeyFromSeed } from '../../../kits/signed-facts/signed-facts.ts';
import { signMessage } from '../../../kits/signed-facts/signed-messages.ts';
import { NO_PHARMACY_KEY } from '../../../main/events/record/enrolment-trust.ts';
import { factMaker } from '../../../main/events/record/record.ts';
import { RecordView } from '../../../main/events/record/record-view.ts';
import { createMemorySecretStore } from '../../../main/platform/keychain/secret-store.ts';
import { createLogger } from '../../../main/platform/log/logger.ts';
import { applyPolicy } from '../../../main/platform/policy/policy-locks.ts';
import type { MachinePolicy } from '../../../main/platform/policy/policy-schema.ts';
import { openPharmacyRecord } from '../../../main/station/pharmacy-record.ts';
import { enrolmentOf, pharmacySeedIn, publishEnrolment } from '../../../relay/link/enrol.ts';
import { reviewDraft } from '../record/facts.ts';
import { type NatsServer, startNatsServer } from '../relay/nats-server.ts';
import { type Link, startLink } from './link-harness.ts';

let link: Link;
const dirs: string[] = [];
const stops: (() => Promise<void>)[] = [];
const cli = resolve(import.meta.dirname, '../../../relay/cli.ts');

beforeAll(async () => {
  link = await startLink({ stations: ['station-c'] });
});
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
  await link?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('a station on IT’s link whose machine policy names no pharmacy key', () => {
  it('believes no other station’s fact or share, and says IT must set pharmacyPublicKey', async () => {
    const policy: MachinePolicy = {
      eventsRelayServers: link.manifest.servers.join(','),
      eventsRelayStation: 'pharmacy-ws2',
      eventsRelayCa: readFileSync(link.caFile, 'utf8'),
    };
    const loaded = { file: '/etc/fulfillment-station/policy.json', policy, ignoredFields: [] };
    const lines: string[] = [];
    const dataDir = mkdtempSync(join(tmpdir(), 'no-pharmacy-key-'));
    dirs.push(dataDir);
    const station = await openPharmacyRecord(
      { dataDir, openSecrets: async () => createMemorySecretStore(), policy: loaded },
      applyPolicy(defaultSettings, loaded),
      () => createMemorySecretStore(),
      {
        log: createLogger({ scope: 'test', write: (line) => lines.push(line) }),
        stops: { add: (_name, stop) => stops.push(stop) },
        eventsStatus: { setRecord: () => undefined },
        emitter: { emit: () => undefined },
      },
    );
    expect(lines.join('\n')).toContain('IT must set pharmacyPublicKey in the machine policy');
    expect(station.record.trustProblem).toBe(NO_PHARMACY_KEY);
    // IT makes its code its NATS user (`relay -- enrol`) and reloads nats-server: it reads the record.
    const code = station.key.publicKey;
    await promisify(execFile)(process.execPath, [cli, 'enrol', code, '--station', 'pharmacy-ws2', '--dir', link.dir]);
    link.server.reload?.();
    await expect.poll(() => station.record.status().state, { timeout: 15_000 }).toBe('reachable');

    // Carol, enrolled by the pharmacy's key, writes a review to the record and signs a share.
    const carol = stationKeyFromSeed(newStationSeed());
    const admin = await link.connectAs('admin');
    await publishEnrolment(
      admin,
      enrolmentOf(pharmacySeedIn(link.dir), { name: 'Station C', key: carol.publicKey }, 'IT'),
    );
    await admin.close();
    const maker = factMaker({ stationName: 'Station C', key: carol, now: Date.now });
    const fact = maker.make(reviewDraft('rx-carol', 'needs_clarification'));
    const asC = await link.connectAs('station-c');
    const ack = await jetstream(asC).publish(factSubject(fact), JSON.stringify(maker.sign(fact)));
    await asC.close();
    const view = RecordView.inFolder(dataDir);
    await expect.poll(() => view.readTo()).toBeGreaterThanOrEqual(ack.seq);
    expect(station.record.latestReview('rx-carol')).toBeNull();

    const share: StationShareMessage = {
      id: 'c-1',
      kind: 'claimed',
      subject_id: 'o-1',
      order_number: null,
      station: 'Station C',
      person: 'Carol',
      detail: null,
      at: new Date().toISOString(),
    };
    const body = JSON.stringify(share);
    const { signer, signature } = signMessage(body, carol);
    expect(station.trust.station(new TextEncoder().encode(body), signer, signature, 'Station C')).toBe('refused');
    // Its own share it believes.
    const own = signMessage(body, station.key);
    expect(station.trust.station(new TextEncoder().encode(body), own.signer, own.signature, 'Station C')).toBe(
      'believed',
    );
  });

  it('believes no other key’s OK to fill either when its servers come from its own settings, not IT’s policy', async () => {
    const nats: NatsServer = await startNatsServer();
    stops.push(() => nats.stop());
    const dataDir = mkdtempSync(join(tmpdir(), 'no-pharmacy-key-settings-'));
    dirs.push(dataDir);
    const lines: string[] = [];
    const settings = { ...defaultSettings, eventsRelayServers: nats.url, eventsRelayStation: 'station-x' };
    const station = await openPharmacyRecord(
      { dataDir, openSecrets: async () => createMemorySecretStore() },
      settings,
      () => createMemorySecretStore(),
      {
        log: createLogger({ scope: 'test', write: (line) => lines.push(line) }),
        stops: { add: (_name, stop) => stops.push(stop) },
        eventsStatus: { setRecord: () => undefined },
        emitter: { emit: () => undefined },
      },
    );
    await expect.poll(() => station.record.status().state, { timeout: 15_000 }).toBe('reachable');
    expect(station.record.trustProblem).toBe(NO_PHARMACY_KEY);
    // A key of someone's own making writes "OK to fill" to that server, as a pharmacist's station would.
    const stranger = stationKeyFromSeed(newStationSeed());
    const maker = factMaker({ stationName: 'Pharmacist station', key: stranger, now: Date.now });
    const fact = maker.make(reviewDraft('rx-forged', 'reviewed'));
    const nc = await connect({ servers: nats.url });
    const ack = await jetstream(nc).publish(factSubject(fact), JSON.stringify(maker.sign(fact)));
    await nc.close();
    await expect.poll(() => RecordView.inFolder(dataDir).readTo()).toBeGreaterThanOrEqual(ack.seq);
    expect(station.record.latestReview('rx-forged')).toBeNull();
    // Its own review it believes.
    await station.record.append(reviewDraft('rx-own', 'reviewed'));
    await expect.poll(() => station.record.latestReview('rx-own')?.decision ?? null).toBe('reviewed');
  });
});
