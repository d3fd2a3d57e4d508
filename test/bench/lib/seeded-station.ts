// The setup both Chromium benchmarks share: build the renderer, a large seeded training service (from the cache), and
// the browser shell against it; children are pushed to the caller's list so it stops them, whatever happens.
import { type ChildProcess, execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SCANNER_MARKS, SHELL_ADDRESS } from '../../e2e/support.ts';
import { startChild } from './child.ts';
import { seededTrainingDb, workingCopy } from './training-cache.ts';

const root = resolve(import.meta.dirname, '../../..');

export function seconds(since: number): number {
  return Math.round((performance.now() - since) / 100) / 10;
}

export interface SeededStation {
  trainingUrl: string;
  shellUrl: string;
  setupSeconds: { rendererBuild: number; databaseCopy: number; serviceStart: number };
  seeded: { cached: boolean; seedSeconds: number; seededAt: string };
}

/** `build`: measure the renderer as it is now (as the e2e global setup does); false measures the last build. */
export async function startSeededStation(options: {
  build: boolean;
  orders: number;
  seed: number;
  workDir: string;
  children: ChildProcess[];
}): Promise<SeededStation> {
  let started = performance.now();
  try {
    if (options.build) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  } catch {
    throw new Error('the renderer does not build (see above): fix it, or measure the last build with --no-build');
  }
  const rendererBuild = seconds(started);

  started = performance.now();
  const seeded = await seededTrainingDb(options.orders, options.seed);
  console.log(
    seeded.cached
      ? `seeded database from the cache (${seeded.file}; seeding it took ${seeded.seedSeconds} s on ${seeded.seededAt})`
      : `seeded ${options.orders} orders in ${seeded.seedSeconds} s; cached as ${seeded.file}`,
  );
  const db = workingCopy(seeded, options.workDir);
  const databaseCopy = seconds(started);

  started = performance.now();
  const training = await startChild(
    [join(root, 'training/cli.ts'), ...['--port', '0', '--db', db, '--paused', '--quiet']],
    /training service listening on (http:\/\/\S+)/,
  );
  options.children.push(training.child);
  const serviceStart = seconds(started);
  // The site's scanner marks, as the e2e stations have them: scan() sends them around each code.
  mkdirSync(join(options.workDir, 'station'), { recursive: true });
  writeFileSync(join(options.workDir, 'station', 'settings.json'), JSON.stringify({ ...SCANNER_MARKS }));
  // Tech-check-tech allowed, as IT sets it (the machine policy): a technician's verification prints its label.
  writeFileSync(join(options.workDir, 'station', 'policy.json'), JSON.stringify({ techCheckTechAllowed: true }));
  const shell = await startChild(
    [
      join(root, 'scripts/start-browser.ts'),
      ...[
        '--port',
        '0',
        '--data-dir',
        join(options.workDir, 'station'),
        '--policy',
        join(options.workDir, 'station', 'policy.json'),
        '--training-url',
        training.url,
      ],
    ],
    SHELL_ADDRESS,
  );
  options.children.push(shell.child);
  return {
    trainingUrl: training.url,
    shellUrl: shell.url,
    setupSeconds: { rendererBuild, databaseCopy, serviceStart },
    seeded: { cached: seeded.cached, seedSeconds: seeded.seedSeconds, seededAt: seeded.seededAt },
  };
}
