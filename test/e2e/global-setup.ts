// Playwright's global setup: build the renderer into out/renderer when it is missing or older than its sources (`npm
// test` has built it already), so the tests run the station as it is now; seed the demo data once for every spec;
// and no test opens a desktop browser.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bridge, buildIfStale, renderer } from '../../scripts/build-if-stale.ts';
import { seedTemplateDatabase } from './support.ts';

export default async function globalSetup(): Promise<() => void> {
  process.env.STATION_NO_OPEN = '1';
  // Seeding the demo data once, not once per spec: each spec's paused service starts from a copy (its own data).
  const seeded = mkdtempSync(join(tmpdir(), 'station-e2e-seeded-'));
  const [database] = await Promise.all([
    seedTemplateDatabase(seeded),
    buildIfStale([renderer, bridge], { say: (line) => console.log(line) }),
  ]);
  process.env.STATION_E2E_SEEDED_DB = database;
  return () => rmSync(seeded, { recursive: true, force: true });
}
