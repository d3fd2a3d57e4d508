// `relay -- enrol` of a station the machine policy set up: the code's key becomes that station's NATS user in
// nats-server.conf and link.json (a station re-keyed keeps one user), with a station's permissions; a name the link
// cannot carry, or a folder written before init kept the server's options, is refused before anything is written.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newStationSeed, stationKeyFromSeed } from '../../../kits/signed-facts/signed-facts.ts';
import { initLink, LINK_MANIFEST, SERVER_CONFIG } from '../../../relay/link/init.ts';
import { addStationUser } from '../../../relay/link/station-users.ts';

const work = mkdtempSync(join(tmpdir(), 'station-users-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const newKey = () => stationKeyFromSeed(newStationSeed()).publicKey;

describe("a station's NATS user by the key its enrolment code shows", () => {
  it('is written into nats-server.conf and link.json with its permissions; re-keyed, the old key is gone', () => {
    const dir = join(work, 'link');
    const manifest = initLink({ dir, stations: ['station-a'], servers: ['nats://127.0.0.1:4222'], tls: null });
    const first = newKey();
    const added = addStationUser(dir, manifest, 'pharmacy-ws1', first);
    const config = () => readFileSync(join(dir, SERVER_CONFIG), 'utf8');
    expect(config()).toContain(`# station pharmacy-ws1\n    { nkey: "${first}"`);
    expect(config()).toContain('"$JS.API.CONSUMER.MSG.NEXT.PHARMACY_EVENTS.station-pharmacy-ws1"');
    expect(config()).toContain(manifest.stations[0]?.publicKey);
    const second = newKey();
    const rekeyed = addStationUser(dir, added, 'pharmacy-ws1', second);
    expect(config()).toContain(second);
    expect(config()).not.toContain(first);
    expect(rekeyed.stations.map((s) => s.name)).toEqual(['station-a', 'pharmacy-ws1']);
    expect(JSON.parse(readFileSync(join(dir, LINK_MANIFEST), 'utf8')).stations).toHaveLength(2);
  });

  it('refuses a name the link cannot carry and a folder whose link.json kept no server options', () => {
    const dir = join(work, 'old');
    const manifest = initLink({ dir, stations: ['station-a'], servers: ['nats://127.0.0.1:4222'], tls: null });
    const before = readFileSync(join(dir, SERVER_CONFIG), 'utf8');
    expect(() => addStationUser(dir, manifest, 'Station 3', newKey())).toThrow('lower-case letters');
    const { server: _, ...older } = manifest;
    expect(() => addStationUser(dir, older, 'pharmacy-ws2', newKey())).toThrow('run relay -- init again');
    expect(readFileSync(join(dir, SERVER_CONFIG), 'utf8')).toBe(before);
  });
});
