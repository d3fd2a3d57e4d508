// One station per data folder: a lock file with the owner's pid, so two copies never race one refresh token or database.
import { open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { StationError } from '../errors/station-errors.ts';

export const LOCK_FILE = 'station.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function ownerOf(file: string): Promise<number | null> {
  const text = await readFile(file, 'utf8').catch(() => '');
  const pid = Number(text.trim());
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
}

/** Takes the data folder's lock (a stale one, left by a crash, is taken over); answers the function that releases it. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(file, 'wx', 0o600);
      try {
        await handle.writeFile(String(process.pid));
      } finally {
        await handle.close();
      }
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = await ownerOf(file);
      if (owner !== null && isAlive(owner)) {
        throw new StationError(
          'already_running',
          `Another Fulfillment Station (process ${owner}) is using the data folder ${dataDir}; close it first.`,
        );
      }
      await rm(file, { force: true });
    }
  }
  throw new StationError('already_running', `The data folder ${dataDir} could not be locked; try again.`);
}
