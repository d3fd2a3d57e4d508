// `npm run audit -- verify [--data-dir DIR] [--checkpoint FILE] [--stream]`: checks the station's audit log chain
// (audit.db in the data folder) under its key from the OS keychain, against the station's signed checkpoints and, when
// given, one kept elsewhere (a bare checkpoint or an audit export in JSON) and the newest one the station sent to the
// pharmacy's stream (--stream: the relay set in the station's settings, its NATS user; the password from
// RELAY_PASSWORD or the station's keychain). Prints one line; exits 0 when intact and keyed, 1 when broken or not
// checkable, 2 when NOT KEYED (README.md lists them).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { AUDIT_KEYCHAIN_NAME } from '../main/audit/chain-key.ts';
import { checkpointFrom, type KeptElsewhere, verifyAuditFolder } from '../main/audit/verify-chain.ts';
import { readStreamCheckpoint } from '../main/events/audit-checkpoints.ts';
import { relayPasswordAccount } from '../main/events/pharmacy-channels.ts';
import { createLogger } from '../main/platform/log/logger.ts';
import { TRAINING_SERVICE_ID } from '../main/service/backend/backend.ts';
import { keychainServiceName, openSecretStore, serviceIdOf } from '../main/service/session/index.ts';
import { loadSettings } from '../main/service/settings/index.ts';
import { defaultDataDir } from '../main/shells/browser/launch.ts';

const USAGE =
  'usage: npm run audit -- verify [--data-dir DIR] [--checkpoint FILE] [--stream]   (or STATION_DATA_DIR=DIR)\n' +
  '  FILE: a checkpoint kept elsewhere, or an audit export in JSON (Settings → Audit export, an admin)\n' +
  '  --stream: also against the checkpoint the station sent to the pharmacy stream (its events relay, from Settings)';
const quiet = createLogger({ scope: 'audit-verify', write: () => {} });

/** The pharmacy's stream as this station's settings name it, or why it cannot be read. */
async function streamOf(dataDir: string): Promise<KeptElsewhere | string> {
  const settings = await loadSettings(dataDir, quiet);
  const servers = settings.eventsRelayServers;
  const user = settings.eventsRelayStation;
  if (!servers || !user)
    return 'this station has no events relay set (Settings → Events): there is no stream to check against';
  return async (chainId) => {
    let pass = process.env.RELAY_PASSWORD ?? null;
    if (pass === null) {
      const serviceId =
        settings.backend === 'custom' && settings.baseUrl ? serviceIdOf(settings.baseUrl) : TRAINING_SERVICE_ID;
      const keychain = await openSecretStore(keychainServiceName(serviceId), quiet);
      pass = await keychain.get(relayPasswordAccount(servers, user));
    }
    const list = servers.split(',').map((server) => server.trim());
    return readStreamCheckpoint({ servers: list, user, pass }, chainId);
  };
}

async function main(): Promise<number> {
  let parsed: ReturnType<
    typeof parseArgs<{
      options: { 'data-dir': { type: 'string' }; checkpoint: { type: 'string' }; stream: { type: 'boolean' } };
      allowPositionals: true;
    }>
  >;
  try {
    parsed = parseArgs({
      options: { 'data-dir': { type: 'string' }, checkpoint: { type: 'string' }, stream: { type: 'boolean' } },
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
  const dataDir = parsed.values['data-dir'] ?? defaultDataDir();
  const stream = parsed.values.stream ? await streamOf(dataDir) : null;
  if (typeof stream === 'string') {
    console.error(`audit chain: ${stream}`);
    return 2;
  }
  const outcome = await verifyAuditFolder(dataDir, secrets, given, stream);
  console.log(outcome.line);
  return outcome.code;
}

process.exitCode = await main();
