// IT's `relay -- init`: the station names it reads, and the folder it writes — seeds only in 0600 files, the
// configuration and the manifest with public keys only, and never a second set of keys over the first.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { initLink } from '../../../relay/link/init.ts';
import { stationNames } from '../../../relay/link/names.ts';

const root = resolve(import.meta.dirname, '../../..');
const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'link-init-'));
  folders.push(dir);
  return dir;
};

describe('the stations IT names for the link', () => {
  it('reads a list, a range pattern, or both, in order', () => {
    expect(stationNames('front,station-{1..3}')).toEqual({
      ok: true,
      names: ['front', 'station-1', 'station-2', 'station-3'],
    });
  });

  it('refuses a name that is not a link name, a name twice, the relay or admin, or no name', () => {
    expect(stationNames('Station 3')).toMatchObject({ ok: false });
    expect(stationNames('a,a')).toMatchObject({ ok: false, message: '"a" is named twice' });
    expect(stationNames('relay')).toMatchObject({ ok: false });
    expect(stationNames('s-{1..900}')).toMatchObject({ ok: false });
    expect(stationNames('')).toMatchObject({ ok: false, message: 'no station named' });
  });
});

describe('the folder relay -- init writes', () => {
  it('keeps every seed in a 0600 file and puts only public keys in the configuration and manifest', () => {
    const dir = join(scratch(), 'link');
    const manifest = initLink({
      dir,
      stations: ['station-1', 'station-2'],
      servers: ['nats://127.0.0.1:4222'],
      tls: null,
    });
    const seeds = [
      join(dir, 'admin.nk'),
      join(dir, 'relay.nk'),
      join(dir, 'pharmacy.nk'),
      ...readdirSync(join(dir, 'stations')).map((f) => join(dir, 'stations', f)),
    ];
    expect(seeds).toHaveLength(5);
    const config = readFileSync(join(dir, 'nats-server.conf'), 'utf8');
    const published = config + readFileSync(join(dir, 'link.json'), 'utf8');
    for (const file of seeds) {
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const seed = readFileSync(file, 'utf8').trim();
      expect(seed).toMatch(/^S[UO][A-Z2-7]{56}$/);
      expect(published).not.toContain(seed);
    }
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(manifest.pharmacyPublicKey).toMatch(/^O[A-Z2-7]{55}$/);
    for (const station of manifest.stations) expect(config).toContain(station.publicKey);
  });

  it('writes a configuration nats-server itself accepts', () => {
    const dir = join(scratch(), 'link');
    initLink({
      dir,
      stations: ['station-1'],
      servers: ['nats://127.0.0.1:4222'],
      storeDir: join(dir, 'store'),
      tls: null,
    });
    const run = spawnSync('/usr/sbin/nats-server', ['-t', '-c', join(dir, 'nats-server.conf')], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(`${run.stdout}${run.stderr}`).toMatch(/configuration file .* is valid/);
  });

  it('never makes the keys twice over in one folder', () => {
    const dir = join(scratch(), 'link');
    const options = { dir, stations: ['station-1'], servers: ['nats://127.0.0.1:4222'], tls: null };
    const first = initLink(options);
    expect(() => initLink(options)).toThrow(/already holds a pharmacy link/);
    expect(JSON.parse(readFileSync(join(dir, 'link.json'), 'utf8')).relay.publicKey).toBe(first.relay.publicKey);
  });

  it('refuses to make the streams from a link.json edited out of shape, saying which part, before dialling NATS', () => {
    const dir = join(scratch(), 'link');
    const manifest = initLink({ dir, stations: ['station-1'], servers: ['nats://127.0.0.1:1'], tls: null });
    const streams = () =>
      spawnSync(process.execPath, [join(root, 'relay/cli.ts'), 'streams', '--dir', dir], { encoding: 'utf8' });
    writeFileSync(join(dir, 'link.json'), JSON.stringify({ ...manifest, stations: [{ name: 'station-1' }] }));
    const outOfShape = streams();
    writeFileSync(join(dir, 'link.json'), '{"servers": [');
    const notJson = streams();
    expect([outOfShape.status, notJson.status]).toEqual([2, 2]);
    const said = [outOfShape.stderr, notJson.stderr];
    expect(said[0]).toMatch(/^link\.json in .+ is not of the expected shape at stations\.0\.publicKey: /);
    expect(said[1]).toMatch(/^link\.json in .+ is not valid JSON\n/);
  });
});
