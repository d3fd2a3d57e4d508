// `npm run audit -- verify [--data-dir DIR] [--checkpoint FILE] [--stream --nats URLS --nats-user NAME ...]`: checks the
// station's audit log chain (audit.db in the data folder) under its key from the OS keychain, against the station's
// signed checkpoints and, when given, one kept elsewhere (a bare checkpoint or an audit export in JSON) and every one
// the station sent to the pharmacy's stream (--stream: the NATS servers, user, seed and CA from this command line,
// never from the data folder it checks, whose settings whoever holds the folder can point anywhere). Prints one line;
// exits 0 when intact and keyed, 1 when broken or not checkable, 2 when NOT KEYED or the command is wrong (README.md).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pharmacyPublicKey } from '../contract/pharmacy-record.ts';
import { AUDIT_KEYCHAIN_NAME } from '../main/audit/chain-key.ts';
import { checkpointFrom, type KeptElsewhere, verifyAuditFolder } from '../main/audit/verify-chain.ts';
import { readStreamCheckpoints } from '../main/events/audit-checkpoint-reader.ts';
import { createLogger } from '../main/platform/log/logger.ts';
import { readPolicyOfThisMachine } from '../main/platform/policy/policy-file.ts';
import { openSecretStore } from '../main/service/session/index.ts';
import { defaultDataDir } from '../main/shells/browser/launch.ts';

const USAGE =
  'usage: npm run audit -- verify [--data-dir DIR] [--checkpoint FILE]\n' +
  '         [--stream --nats URL[,URL…] --nats-user NAME [--nats-seed FILE] [--nats-ca FILE] [--pharmacy-key O…]]\n' +
  '         (or STATION_DATA_DIR=DIR)\n' +
  '  FILE: a checkpoint kept elsewhere, or an audit export in JSON (Settings → Audit export, an admin)\n' +
  "  --stream: also against every checkpoint the station sent to the pharmacy's stream, read from the NATS servers\n" +
  "    named here (never from the data folder checked): --nats-user the link's user (admin, or a station's name on\n" +
  '    the link), --nats-seed its nkey seed file from `relay -- init` (else the password in RELAY_PASSWORD),\n' +
  "    --nats-ca the pharmacy's CA for tls:// servers; --pharmacy-key the pharmacy's public key (`relay -- init`):\n" +
  "    only checkpoints signed by a station the pharmacy enrolled count (default: this machine's policy's)";
const OPTIONS = {
  'data-dir': { type: 'string' },
  checkpoint: { type: 'string' },
  stream: { type: 'boolean' },
  nats: { type: 'string' },
  'nats-user': { type: 'string' },
  'nats-seed': { type: 'string' },
  'nats-ca': { type: 'string' },
  'pharmacy-key': { type: 'string' },
} as const;
type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

/** The pharmacy's stream as this command line names it, or why it cannot be read (a usage error). */
function streamOf(values: Values): KeptElsewhere | string {
  const servers = (values.nats ?? '')
    .split(',')
    .map((server) => server.trim())
    .filter(Boolean);
  const user = values['nats-user']?.trim() ?? '';
  if (servers.length === 0 || user === '')
    return "--stream needs --nats (the pharmacy's NATS servers) and --nats-user: they are never read from the data folder it checks";
  let secret = process.env.RELAY_PASSWORD ?? null;
  let tlsCa: string | undefined;
  try {
    if (values['nats-seed']) secret = readFileSync(values['nats-seed'], 'utf8').trim();
    if (values['nats-ca']) tlsCa = readFileSync(values['nats-ca'], 'utf8');
  } catch (error) {
    return `a file given could not be read: ${(error as Error).message}`;
  }
  let pharmacyKey = values['pharmacy-key'];
  try {
    // Else this machine's policy names it (the key is public; the servers never come from there or the folder).
    pharmacyKey ??= readPolicyOfThisMachine().policy.pharmacyPublicKey;
  } catch (error) {
    return `the machine policy could not be read for its pharmacyPublicKey (give --pharmacy-key): ${(error as Error).message}`;
  }
  if (pharmacyKey !== undefined && !pharmacyPublicKey.safeParse(pharmacyKey).success)
    return '--pharmacy-key is the pharmacy public key `relay -- init` printed (56 letters and digits starting with O)';
  const login = { servers, stationId: user, secret, ...(tlsCa ? { tlsCa } : {}) };
  return (chainId) => readStreamCheckpoints(login, chainId, pharmacyKey);
}

async function main(): Promise<number> {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ options: OPTIONS, allowPositionals: true });
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
  const stream = parsed.values.stream ? streamOf(parsed.values) : null;
  if (typeof stream === 'string') {
    console.error(`audit chain: ${stream}\n${USAGE}`);
    return 2;
  }
  // Quiet: the keychain's own log lines are about sign-ins; what matters here is the one line below.
  const secrets = await openSecretStore(AUDIT_KEYCHAIN_NAME, createLogger({ scope: 'keychain', write: () => {} }));
  const dataDir = parsed.values['data-dir'] ?? defaultDataDir();
  const outcome = await verifyAuditFolder(dataDir, secrets, given, stream);
  console.log(outcome.line);
  return outcome.code;
}

process.exitCode = await main();
