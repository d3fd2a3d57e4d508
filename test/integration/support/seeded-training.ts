// Vitest global setup of the integration projects: the station's own training service started once, as a station
// starts it on a fresh install (it seeds the demo data), and stopped; its database is the template every station rig
// copies (startStationRig), so 50-odd rigs start a service that opens a file instead of each seeding its own.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createLogger } from '../../../main/platform/log/logger.ts';
import { startTrainingProcess, TRAINING_DB_FILE } from '../../../main/service/backend/training-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A training database as the station's training service leaves it after its first start (the demo data). */
    seededTrainingDb: string;
  }
}

export default async function seedTrainingOnce(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'station-seeded-training-'));
  const said: string[] = [];
  const training = await startTrainingProcess(dir, createLogger({ scope: 'seed', write: (line) => said.push(line) }));
  await training.stop();
  const db = join(dir, TRAINING_DB_FILE);
  if (!existsSync(db)) throw new Error(`the training service left no database: ${said.join('\n')}`);
  project.provide('seededTrainingDb', db);
  return () => rmSync(dir, { recursive: true, force: true });
}
