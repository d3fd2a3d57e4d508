// `npm run audit -- verify [--data-dir DIR] [--checkpoint FILE]`: checks the station's audit log chain (audit.db in the
// data folder) under its key from the OS keychain, against the station's signed checkpoints and, when given, one kept
// elsewhere (a bare checkpoint or an audit export in JSON). Prints one line; exits 0 when intact, 1 otherwise.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { AUDIT_KEYCHAIN_NAME } from '../main/audit/chain-key.ts';
import { checkpointFrom, verifyAuditFolder } from '../main/audit/verify-chain.ts';
import { defaultDataDir } from '../main/browser/launch.ts';
import { createLogger } from '../main/log/logger.ts';
import { openSecretStore } from '../main/session/index.ts';

const USAGE =
  'usage: npm run audit -- verify [--data-dir DIR] [--checkpoint FILE]   (or STATION_DATA_DIR=DIR)\n' +
  '  FILE: a checkpoint kept elsewhere, or an audit export in JSON (Settings → Audit export, an admin)';

async function main(): Promise<number> {
  let parsed: ReturnType<
    typeof parseArgs<{
      options: { 'data-dir': { type: 'string' }; checkpoint: { type: 'string' } };
      allowPositionals: true;
    }>
  >;
  try {
    parsed = parseArgs({
      options: { 'data-dir': { type: 'string' }, checkpoint: { type: 'string' } },
      allowPositionals: true,
    });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  if (parsed.positionals[0] !== 'verify') {
    console.error(USAGE);
    return 2;
  }
  let given = null;
  if (parsed.values.checkpoint) {
    try {
      given = checkpointFrom(JSON.parse(readFileSync(parsed.values.checkpoint, 'utf8')));
    } catch (error) {
      console.error(`audit chain: the checkpoint file could not be read: ${(error as Error).message}`);
      return 2;
    }
    if (!given) {
      console.error('audit chain: the checkpoint file holds no checkpoint (chainId, records, head, at, signature)');
      return 2;
    }
  }
  // Quiet: the keychain's own log lines are about sign-ins; what matters here is the one line below.
  const secrets = await openSecretStore(AUDIT_KEYCHAIN_NAME, createLogger({ scope: 'keychain', write: () => {} }));
  const outcome = await verifyAuditFolder(parsed.values['data-dir'] ?? defaultDataDir(), secrets, given);
  console.log(outcome.line);
  return outcome.code;
}

process.exitCode = await main();
