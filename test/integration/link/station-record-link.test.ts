// The station's record on IT's link: it signs in with its own nkey seed (never sent), demands TLS where its servers
// say tls:// and refuses a server that offers none, naming the setting, before anything is sent; and on IT's link it
// opens the record IT's `relay -- streams` made, never making one itself.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, nkeys } from '@nats-io/transport-node';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../contract/ipc/settings.ts';
import { RECORD_STREAM } from '../../../contract/pharmacy-record.ts';
import { newStationSeed, stationKeyFromSeed } from '../../../kits/signed-facts/signed-facts.ts';
import { relayPasswordAccount } from '../../../main/events/index.ts';
import { createNatsRecord } from '../../../main/events/record/nats-record.ts';
import { RecordView } from '../../../main/events/record/record-view.ts';
import { createMemorySecretStore } from '../../../main/platform/keychain/secret-store.ts';
import { createLogger } from '../../../main/platform/log/logger.ts';
import { openPharmacyRecord } from '../../../main/station/pharmacy-record.ts';
import { startNatsServer } from '../relay/nats-server.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'station-record-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("the station's record on the pharmacy's link", () => {
  it('refuses a server that offers no TLS when its servers say tls://, before sending its key, naming the setting', async () => {
    const heard: Buffer[] = [];
    const fake: Server = createServer((socket) => {
      socket.on('data', (chunk) => heard.push(chunk));
      socket.write(
        'INFO {"server_id":"FAKE","version":"2.9.10","proto":1,"max_payload":1048576,"nonce":"abc","auth_required":true}\r\n',
      );
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const servers = `tls://127.0.0.1:${(fake.address() as { port: number }).port}`;
    const seed = new TextDecoder().decode(nkeys.createUser().getSeed());
    const secrets = createMemorySecretStore();
    await secrets.set(relayPasswordAccount(servers, 'station-b'), seed);
    const lines: string[] = [];
    const log = createLogger({ scope: 'test', write: (line) => lines.push(line) });
    const stops: (() => Promise<void>)[] = [];
    const { record } = await openPharmacyRecord(
      { dataDir: tempDir(), openSecrets: async () => createMemorySecretStore() },
      { ...defaultSettings, eventsRelayServers: servers, eventsRelayStation: 'station-b' },
      () => secrets,
      {
        log,
        stops: { add: (_name, stop) => stops.push(stop) },
        eventsStatus: { setRecord: () => undefined },
        emitter: { emit: () => undefined },
      },
    );
    expect(record.kind).toBe('nats');
    await expect.poll(() => lines.join('\n')).toContain('eventsRelayServers (tls://)');
    expect(record.status().state).toBe('unreachable');
    expect(Buffer.concat(heard).toString()).not.toContain(seed);
    expect(Buffer.concat(heard).toString()).not.toContain('CONNECT');
    for (const stop of stops) await stop();
    await new Promise<void>((resolve) => fake.close(() => resolve()));
  });

  it("on IT's link a missing record is not made by the station: it says IT's step makes it", async () => {
    const nats = await startNatsServer();
    const lines: string[] = [];
    const record = createNatsRecord({
      view: RecordView.inFolder(tempDir()),
      stationName: 'Station B',
      key: stationKeyFromSeed(newStationSeed()),
      connect: () => connect({ servers: nats.url }),
      createIfMissing: false,
      log: createLogger({ scope: 'test', write: (line) => lines.push(line) }),
    });
    await expect.poll(() => lines.join('\n')).toContain('relay -- streams');
    const nc = await connect({ servers: nats.url });
    const missing = await (await jetstreamManager(nc)).streams.info(RECORD_STREAM).catch((e) => e);
    expect(missing).toMatchObject({ code: 10059 });
    await nc.close();
    await record.close();
    await nats.stop();
  });
});
