// `npm run relay -- --nats nats://127.0.0.1:4222 --service URL --state DIR [--port N] [--public-url URL]`: the
// pharmacy's events relay. Credentials come from the environment (never the command line, which `ps` shows):
// RELAY_SERVICE_EMAIL / RELAY_SERVICE_PASSWORD for the service account, RELAY_NATS_USER / RELAY_NATS_PASSWORD or
// RELAY_NATS_TOKEN for NATS, or the relay's nkey seed file (`--nats-seed`, from `relay -- init`). `init` and
// `streams` are IT's setting up of the pharmacy's link (link/cli.ts); `--pharmacy-key` (the public key `init` printed):
// the order watch follows only the claims of stations the pharmacy enrolled.
import { pharmacyPublicKey } from '../contract/pharmacy-record.ts';
import { isAllowedWebhookUrl } from '../contract/service/notifications.ts';
import { type CommandLineFailure, commandLineFailure, readCommandLine } from '../kits/command-line/command-line.ts';
import { runLinkCommand } from './link/cli.ts';
import { createRelay } from './relay.ts';
import { serviceUrlProblem } from './service-account.ts';

const command = process.argv[2];
if (command === 'init' || command === 'streams' || command === 'enrol')
  process.exit(await runLinkCommand(command, process.argv.slice(3)));

const usage =
  'usage: npm run relay -- --nats URL[,URL…] --state DIR [--service URL] [--port N] [--public-url URL] [--retention-days N] [--nats-seed FILE] [--nats-ca FILE] [--pharmacy-key O…]\n       npm run relay -- init | streams | enrol --help';

const fail: CommandLineFailure = commandLineFailure(usage);
const values = readCommandLine(usage, {
  nats: { type: 'string' },
  state: { type: 'string' },
  service: { type: 'string' },
  port: { type: 'string' },
  'public-url': { type: 'string' },
  'retention-days': { type: 'string' },
  'nats-seed': { type: 'string' },
  'nats-ca': { type: 'string' },
  'pharmacy-key': { type: 'string' },
});
if (!values.nats) fail('--nats is required (the NATS server or cluster the relay publishes to).');
if (!values.state) fail('--state is required (the folder that keeps the signing secret).');
const port = Number(values.port ?? '4080');
if (!Number.isInteger(port) || port < 0 || port > 65_535) fail('--port must be a whole number from 0 to 65535.');
const days = Number(values['retention-days'] ?? '8');
if (!Number.isInteger(days) || days < 1 || days > 365) fail('--retention-days must be a whole number from 1 to 365.');
const publicUrl = values['public-url'];
if (publicUrl !== undefined && !isAllowedWebhookUrl(publicUrl))
  fail('--public-url must be https (http only on 127.0.0.1, localhost or [::1]).');

const pharmacyKey = values['pharmacy-key'];
if (pharmacyKey !== undefined && !pharmacyPublicKey.safeParse(pharmacyKey).success)
  fail('--pharmacy-key is the pharmacy public key `relay -- init` printed (56 letters and digits starting with O).');
if (pharmacyKey === undefined)
  console.warn('no --pharmacy-key: the order watch follows claims from any station, enrolled or not');

const env = process.env;
let service = null;
if (values.service) {
  if (!env.RELAY_SERVICE_EMAIL || !env.RELAY_SERVICE_PASSWORD)
    fail('--service needs RELAY_SERVICE_EMAIL and RELAY_SERVICE_PASSWORD in the environment.');
  const problem = serviceUrlProblem(values.service);
  if (problem) fail(`--service: ${problem}.`);
  service = { baseUrl: values.service, email: env.RELAY_SERVICE_EMAIL, password: env.RELAY_SERVICE_PASSWORD };
}

const relay = createRelay({
  port,
  stateDir: values.state,
  nats: {
    servers: values.nats.split(','),
    ...(env.RELAY_NATS_USER ? { user: env.RELAY_NATS_USER } : {}),
    ...(env.RELAY_NATS_PASSWORD ? { pass: env.RELAY_NATS_PASSWORD } : {}),
    ...(env.RELAY_NATS_TOKEN ? { token: env.RELAY_NATS_TOKEN } : {}),
    ...(values['nats-seed'] ? { seedFile: values['nats-seed'] } : {}),
    ...(values['nats-ca'] ? { caFile: values['nats-ca'] } : {}),
  },
  service,
  ...(publicUrl !== undefined ? { publicUrl } : {}),
  ...(pharmacyKey !== undefined ? { pharmacyKey } : {}),
  retentionMs: days * 24 * 60 * 60 * 1000,
});
try {
  const { url } = await relay.start();
  console.log(`events relay listening; subscribed at ${url}`);
} catch (error) {
  console.error(`the relay could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void relay.stop().then(() => process.exit(0));
  });
}
