// The station's own databases (outbox, audit, events) hold task text that may name patients: on every start their files
// are 0600 and the data folder 0700, even when an older build or an installer left them open to other users.
import { chmod, readdir, stat } from 'node:fs/promises';
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
});
