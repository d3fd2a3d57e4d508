// A station set up by the machine policy alone (issue #35): the NATS servers, the pharmacy's CA, its key and the
// station's name come from the policy, nothing from settings.json. Through nats-server running the configuration
// `relay -- init` wrote (TLS, nkey users with permissions), the station shows its enrolment code and cannot sign in
// until IT runs `relay -- enrol` with that code, which makes its record key its NATS user too; after nats-server's
// reload it connects over TLS and another station believes its facts. A policy that demands TLS refuses a plaintext
// server, naming the setting.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../contract/ipc/settings.ts';
import { newStationSeed, stationKeyFromSeed } from '../../../kits/signed-facts/signed-facts.ts';
import { createNatsRecord } from '../../../main/events/record/nats-record.ts';
import { RecordView } from '../../../main/events/record/record-view.ts';
import { createMemorySecretStore } from '../../../main/platform/keychain/secret-store.ts';
import { createLogger } from '../../../main/platform/log/logger.ts';
import { applyPolicy } from '../../../main/platform/policy/policy-locks.ts';
import type { MachinePolicy } from '../../../main/platform/policy/policy-schema.ts';
import { openPharmacyRecord } from '../../../main/station/pharmacy-record.ts';
import { reviewDraft } from '../record/facts.ts';
import { startNatsServer } from '../relay/nats-server.ts';
import { type Link, startLink } from './link-harness.ts';

let link: Link;
const dirs: string[] = [];
const stops: (() => Promise<void>)[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'policy-station-'));
  dirs.push(dir);
  return dir;
};
const cli = resolve(import.meta.dirname, '../../../relay/cli.ts');

beforeAll(async () => {
  link = await startLink({ stations: ['station-a'] });
});
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
  await link?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A station started from `policy` alone: default settings, an empty keychain; what it logged. */
async function stationFromPolicy(policy: MachinePolicy) {
  const loaded = { file: '/etc/fulfillment-station/policy.json', policy, ignoredFields: [] };
  const lines: string[] = [];
  const log = createLogger({ scope: 'test', write: (line) => lines.push(line) });
  const keychain = createMemorySecretStore();
  const opened = await openPharmacyRecord(
    { dataDir: tempDir(), openSecrets: async () => keychain, policy: loaded },
    applyPolicy(defaultSettings, loaded),
    () => createMemorySecretStore(),
    {
      log,
      stops: { add: (_name, stop) => stops.push(stop) },
      eventsStatus: { setRecord: () => undefined },
      emitter: { emit: () => undefined },
    },
  );
  return { ...opened, lines };
}

describe('a station the machine policy sets up', () => {
  it('shows its code, is enrolled by it as its NATS user too, connects over TLS and is believed', async () => {
    const policy: MachinePolicy = {
      eventsRelayServers: link.manifest.servers.join(','),
      eventsRelayStation: 'pharmacy-ws1',
      eventsRelayCa: readFileSync(link.caFile, 'utf8'),
      pharmacyPublicKey: link.manifest.pharmacyPublicKey,
    };
    const station = await stationFromPolicy(policy);
    expect(station.record.kind).toBe('nats');
    expect(station.record.station.name).toBe('pharmacy-ws1');
    // Not a NATS user yet: the server refuses its key; the code is what IT reads off the screen (and the log).
    await expect.poll(() => station.lines.join('\n')).toMatch(/Authorization Violation|authorization/i);
    expect(station.record.status().state).toBe('unreachable');
    const code = /"code":"([A-Z0-9 ]+)"/.exec(station.lines.join('\n'))?.[1] ?? '';
    expect(code.replaceAll(' ', '')).toBe(station.key.publicKey);

    const run = await promisify(execFile)(
      process.execPath,
      [cli, 'enrol', code, '--station', 'pharmacy-ws1', '--dir', link.dir],
      { encoding: 'utf8' },
    );
    expect(run.stdout).toContain('enrolled pharmacy-ws1');
    expect(run.stdout).toContain('reload nats-server');
    expect(readFileSync(join(link.dir, 'nats-server.conf'), 'utf8')).toContain(station.key.publicKey);
    link.server.reload?.();
    await expect.poll(() => station.record.status().state, { timeout: 15_000 }).toBe('reachable');

    await station.record.append(reviewDraft('rx-from-policy', 'reviewed'));
    await expect.poll(() => station.record.status()).toMatchObject({ pending: 0 });
    const other = createNatsRecord({
      view: RecordView.inFolder(tempDir()),
      stationName: 'station-a',
      key: stationKeyFromSeed(newStationSeed()),
      connect: () => link.connectAs('station-a'),
      createIfMissing: false,
      pharmacyKey: link.manifest.pharmacyPublicKey,
    });
    stops.push(() => other.close());
    await expect.poll(() => other.latestReview('rx-from-policy')?.station.name).toBe('pharmacy-ws1');
  });

  it('refuses a plaintext server when the policy demands TLS, naming the setting, and signs nothing in', async () => {
    const plain = await startNatsServer();
    stops.push(() => plain.stop());
    const station = await stationFromPolicy({ eventsRelayServers: plain.url, eventsRelayTlsRequired: true });
    expect(station.record.kind).toBe('nats');
    await expect.poll(() => station.lines.join('\n')).toContain('eventsRelayTlsRequired (the machine policy)');
    expect(station.record.status().state).toBe('unreachable');
  });
});
