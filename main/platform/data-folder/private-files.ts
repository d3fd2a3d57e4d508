// Every file and folder the station keeps in its data folder is its user's alone: on every start, folders are made
// 0700 and files 0600, whatever an older build, an installer or a copy left them (logs/ included: a log names orders).
// Symbolic links are left alone (their target is not the station's to change); a file it cannot change is logged.
import { chmod, lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../log/logger.ts';

const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;

/** Tightens `folder` and everything under it; answers how many modes were changed. */
export async function keepDataFolderPrivate(folder: string, log: Logger): Promise<number> {
  let changed = 0;
  const tighten = async (path: string, mode: number, current: number) => {
    if ((current & 0o777) === mode) return;
    try {
      await chmod(path, mode);
      changed++;
    } catch (error) {
      log.warn('a file in the data folder could not be made private', {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  };
  const walk = async (path: string): Promise<void> => {
    const info = await lstat(path).catch(() => null);
    if (!info || info.isSymbolicLink()) return;
    if (info.isDirectory()) {
      await tighten(path, FOLDER_MODE, info.mode);
      const names = await readdir(path).catch(() => [] as string[]);
      for (const name of names) await walk(join(path, name));
    } else if (info.isFile()) {
      await tighten(path, FILE_MODE, info.mode);
    }
  };
  await walk(folder);
  if (changed > 0) log.info('data folder made private to its user', { changed });
  return changed;
}
