// Reading and atomically replacing the small JSON files of the data folder (settings, session state).
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** What a JSON file held: its value, nothing (missing), or text that is not JSON. */
export type JsonRead = { kind: 'value'; value: unknown } | { kind: 'missing' } | { kind: 'corrupt'; reason: string };

export async function readJsonFile(file: string): Promise<JsonRead> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    return { kind: 'corrupt', reason: `it could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  try {
    return { kind: 'value', value: JSON.parse(text) };
  } catch {
    return { kind: 'corrupt', reason: 'it is not valid JSON' };
  }
}

/**
 * Writes a temp file beside the target, flushes it to disk, then renames it over the target: a reader (or a crash)
 * sees the old file or the new one, never half of one.
 */
export async function writeJsonAtomic(file: string, value: unknown): Promise<void> {
  const folder = dirname(file);
  await mkdir(folder, { recursive: true });
  const temp = join(folder, `.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'w', 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(value, null, 2)}\n`, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncFolder(folder);
}

/** Makes the rename itself durable; some platforms (Windows) cannot open a folder, which is fine to skip. */
async function syncFolder(folder: string): Promise<void> {
  try {
    const handle = await open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Best effort only.
  }
}

const queues = new Map<string, Promise<unknown>>();

/** Runs read-modify-write steps on one file one after another, so two saves never lose each other's change. */
export function serialized<T>(file: string, step: () => Promise<T>): Promise<T> {
  const previous = queues.get(file) ?? Promise.resolve();
  const next = previous.then(step, step);
  const settledTail = next.then(
    () => undefined,
    () => undefined,
  );
  queues.set(file, settledTail);
  void settledTail.then(() => {
    if (queues.get(file) === settledTail) queues.delete(file);
  });
  return next;
}
