// `npm run audit -- verify [--data-dir DIR]`: walks the station's audit log hash chain (audit.db in the data folder)
// and prints `audit chain: N records, intact`, or names the first record that no longer matches and exits 1.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { checkChain } from '../main/audit/chain.ts';
import { defaultDataDir } from '../main/browser/launch.ts';
import { Db } from '../main/kit/sqlite/db.ts';

const USAGE = 'usage: npm run audit -- verify [--data-dir DIR]   (or STATION_DATA_DIR=DIR)';

function main(): number {
  let parsed: ReturnType<typeof parseArgs<{ options: { 'data-dir': { type: 'string' } }; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ options: { 'data-dir': { type: 'string' } }, allowPositionals: true });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const [command] = parsed.positionals;
  if (command !== 'verify') {
    console.error(USAGE);
    return 2;
  }
  const file = join(parsed.values['data-dir'] ?? defaultDataDir(), 'audit.db');
  if (!existsSync(file)) {
    console.error(`audit chain: no audit log at ${file}`);
    return 1;
  }
  const db = new Db(file);
  try {
    const version = Number(
      (db.get<{ user_version: number }>('PRAGMA user_version') ?? { user_version: 0 }).user_version,
    );
    if (version < 4) {
      console.error('audit chain: not started yet (this audit.db predates it; start the station once to seal it)');
      return 1;
    }
    const check = checkChain(db);
    if (check.intact) {
      console.log(`audit chain: ${check.records} records, intact`);
      return 0;
    }
    const bad = check.firstBad;
    console.log(
      `audit chain: ${check.records} records, BROKEN at link ${bad.seq}: ${bad.table} record ${bad.id}: ${bad.problem}`,
    );
    return 1;
  } finally {
    db.close();
  }
}

process.exitCode = main();
