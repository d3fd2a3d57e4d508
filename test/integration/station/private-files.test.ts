// The station's own databases (outbox, audit, events) hold task text that may name patients: on every start their files
// are 0600 and the data folder 0700, even when an older build or an installer left them open to other users.
import { chmod, lstat, mkdir, mkdtemp, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StationRig, startStationRig } from './harness.ts';

const DATABASES = ['outbox.db', 'audit.db', 'events.db'];
const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

let rig: StationRig;
beforeAll(async () => {
  rig = await startStationRig();
});
afterAll(() => rig.close());

/** Every database file of the data folder with its companions (-wal, -shm), and its mode. */
async function databaseFiles(): Promise<Record<string, number>> {
  const names = (await readdir(rig.dataDir)).filter((name) => DATABASES.some((db) => name.startsWith(db)));
  const modes: Record<string, number> = {};
  for (const name of names) modes[name] = await modeOf(join(rig.dataDir, name));
  return modes;
}

describe('the station’s files are private to its user', () => {
  it('creates the outbox, audit and events databases 0600 in a 0700 data folder', async () => {
    const files = await databaseFiles();
    for (const db of DATABASES) expect(Object.keys(files)).toContain(db);
    for (const [name, mode] of Object.entries(files)) expect(mode.toString(8), name).toBe('600');
    expect((await modeOf(rig.dataDir)).toString(8)).toBe('700');
  });

  it('tightens a folder and files left 0755 / 0644 at the next start', async () => {
    await rig.stop();
    await chmod(rig.dataDir, 0o755);
    for (const name of Object.keys(await databaseFiles())) await chmod(join(rig.dataDir, name), 0o644);
    await rig.restart();
    const files = await databaseFiles();
    for (const [name, mode] of Object.entries(files)) expect(mode.toString(8), name).toBe('600');
    expect((await modeOf(rig.dataDir)).toString(8)).toBe('700');
  });

  it('tightens an older logs/ folder (755/644) and every other file and folder it keeps, at the next start', async () => {
    await rig.stop();
    const logs = join(rig.dataDir, 'logs');
    await mkdir(logs, { recursive: true });
    await writeFile(join(logs, 'station.log'), '{"msg":"an older build wrote this"}\n');
    await writeFile(join(logs, 'station.log.1'), '{}\n');
    await chmod(logs, 0o755);
    await chmod(join(logs, 'station.log'), 0o644);
    await chmod(join(logs, 'station.log.1'), 0o644);
    await chmod(join(rig.dataDir, 'settings.json'), 0o644).catch(() => {});
    // A link to a file elsewhere is not the station's: its target keeps its mode.
    const elsewhere = await mkdtemp(join(tmpdir(), 'not-the-stations-'));
    await writeFile(join(elsewhere, 'shared.txt'), 'x');
    await chmod(join(elsewhere, 'shared.txt'), 0o644);
    await symlink(join(elsewhere, 'shared.txt'), join(rig.dataDir, 'link-to-elsewhere'));
    await rig.restart();
    expect((await modeOf(logs)).toString(8)).toBe('700');
    expect((await modeOf(join(logs, 'station.log'))).toString(8)).toBe('600');
    expect((await modeOf(join(logs, 'station.log.1'))).toString(8)).toBe('600');
    for (const name of await readdir(rig.dataDir)) {
      const info = await lstat(join(rig.dataDir, name));
      if (info.isSymbolicLink()) continue;
      expect([name, (info.mode & 0o777).toString(8)]).toEqual([name, info.isDirectory() ? '700' : '600']);
    }
    expect((await modeOf(join(elsewhere, 'shared.txt'))).toString(8)).toBe('644');
    await rm(elsewhere, { recursive: true, force: true });
  });
});
