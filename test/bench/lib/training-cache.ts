// A seeded training database kept between benchmark runs (seeding 100,000 orders into a file takes over a minute):
// cached under .tmp/bench-cache/ (gitignored), keyed by seed, size and a hash of the code that writes the data.
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { startChild } from './child.ts';

const root = resolve(import.meta.dirname, '../../..');
export const cacheDir = join(root, '.tmp', 'bench-cache');
/** Everything that decides what a seeded database holds: the generator, the domains it writes through, the schema. */
const sources = ['training', 'kits/sqlite', 'contract/service'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Changes whenever any file that shapes the seeded data changes, so a stale cache is never used. */
function codeHash(): string {
  const hash = createHash('sha256');
  for (const file of sources.flatMap((dir) => filesUnder(join(root, dir)))) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

export interface SeededDb {
  /** The pristine seeded file; never open it directly (copy it first: the service writes sessions and events). */
  file: string;
  /** How long seeding took when this file was made. */
  seedSeconds: number;
  seededAt: string;
  /** Whether this run found it in the cache. */
  cached: boolean;
}

/** The seeded database for `orders` orders and `seed`, from the cache or seeded now by the training service's CLI. */
export async function seededTrainingDb(orders: number, seed: number): Promise<SeededDb> {
  const name = `training-${orders}-seed${seed}-${codeHash()}`;
  const file = join(cacheDir, `${name}.db`);
  const facts = join(cacheDir, `${name}.json`);
  if (existsSync(file) && existsSync(facts)) {
    const known = JSON.parse(readFileSync(facts, 'utf8')) as { seedSeconds: number; seededAt: string };
    return { file, ...known, cached: true };
  }

  mkdirSync(cacheDir, { recursive: true });
  // Older keys are dead weight (half a gigabyte each): one seeded database at a time.
  for (const old of readdirSync(cacheDir))
    if (old.startsWith('training-')) rmSync(join(cacheDir, old), { force: true });
  const building = join(cacheDir, `building-${process.pid}.db`);
  const started = performance.now();
  const service = await startChild(
    [
      join(root, 'training/cli.ts'),
      ...['--port', '0', '--db', building, '--seed', String(seed), '--orders', String(orders), '--paused', '--quiet'],
    ],
    /training service listening on (http:\/\/\S+)/,
  );
  const seedSeconds = Math.round((performance.now() - started) / 100) / 10;
  const exited = new Promise((done) => service.child.once('exit', done));
  service.child.kill('SIGTERM');
  await exited;

  // One self-contained file (no -wal beside it), so a plain copy is a complete database.
  const db = new DatabaseSync(building);
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.exec('PRAGMA journal_mode = DELETE');
  db.close();
  rmSync(`${building}-wal`, { force: true });
  rmSync(`${building}-shm`, { force: true });
  renameSync(building, file);
  const seededAt = new Date().toISOString();
  writeFileSync(facts, `${JSON.stringify({ orders, seed, seedSeconds, seededAt }, null, 2)}\n`);
  return { file, seedSeconds, seededAt, cached: false };
}

/** A working copy of the seeded database in `dir` (training.db), for one run to write to. */
export function workingCopy(seeded: SeededDb, dir: string): string {
  const copy = join(dir, 'training.db');
  copyFileSync(seeded.file, copy);
  return copy;
}
