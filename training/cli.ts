// `npm run training -- --port N --db FILE|:memory: --seed N --orders N`: the training service alone, on 127.0.0.1.
import { isAllowedWebhookUrl } from '../contract/service/notifications.ts';
import { demoAccountsLine, LISTENING_PREFIX } from '../contract/training-announcement.ts';
import { type CommandLineFailure, commandLineFailure, readCommandLine } from '../kits/command-line/command-line.ts';
import { hasDemoData, seedDemoData } from './demo/generator.ts';
import { createTrainingService } from './training-service.ts';

const usage =
  'usage: npm run training -- [--port N] [--db FILE|:memory:] [--seed N] [--orders N] [--plant-webhook URL] [--mailbox DIR] [--smtp URL] [--paused|--running] [--quiet] [--exit-with-parent]';

const fail: CommandLineFailure = commandLineFailure(usage);
const args = readCommandLine(usage, {
  port: { type: 'string' },
  db: { type: 'string' },
  seed: { type: 'string' },
  orders: { type: 'string' },
  'plant-webhook': { type: 'string' },
  mailbox: { type: 'string' },
  smtp: { type: 'string' },
  paused: { type: 'boolean' },
  running: { type: 'boolean' },
  quiet: { type: 'boolean' },
  'exit-with-parent': { type: 'boolean' },
});

function wholeNumber(name: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) > max) fail(`--${name} must be a whole number from 0 to ${max}.`);
  return Number(value);
}

const port = wholeNumber('port', args.port, 4010, 65_535);
const seed = wholeNumber('seed', args.seed, 1, 2 ** 31);
const orders = wholeNumber('orders', args.orders, 200, 1_000_000);
const db = args.db ?? 'training.db';

const plantWebhookUrl = args['plant-webhook'];
if (plantWebhookUrl !== undefined && !isAllowedWebhookUrl(plantWebhookUrl)) {
  fail('--plant-webhook must be an https URL (http only on 127.0.0.1, localhost or [::1]).');
}

if (args.smtp !== undefined && !/^smtps?:\/\/[^\s]+$/.test(args.smtp))
  fail('--smtp must be an smtp:// or smtps:// URL.');

const service = await createTrainingService({
  db,
  // The simulation keeps what the trainer last chose; a new database starts paused (nothing moves under a trainee until
  // a trainer starts it). --paused or --running decide for this start.
  ...(args.paused === true ? { simulate: false } : args.running === true ? { simulate: true } : {}),
  ...(args.mailbox !== undefined ? { mailboxDir: args.mailbox } : {}),
  ...(args.smtp !== undefined ? { smtpUrl: args.smtp } : {}),
  ...(plantWebhookUrl !== undefined ? { plantWebhookUrl } : {}),
  log: (entry) => {
    if (entry.level === 'error' || (!args.quiet && entry.level === 'info')) console.error(JSON.stringify(entry));
  },
});
if (!hasDemoData(service.db)) {
  const started = performance.now();
  const made = seedDemoData(service.db, { seed, orders, now: new Date() });
  if (!args.quiet) {
    console.error(
      `demo data: ${made.orders} orders, ${made.patients} patients (seed ${seed}) in ${Math.round(performance.now() - started)} ms`,
    );
  }
}
let url: string;
try {
  url = await service.listen(port);
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  fail(code === 'EADDRINUSE' ? `port ${port} is already in use; pick another with --port.` : String(error));
}
console.log(`${LISTENING_PREFIX}${url}`);
// The second line: the demo accounts, for the station's training sign-in screen (it never imports the service's code).
console.log(demoAccountsLine(service.demoAccounts));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void service.close().then(() => process.exit(0));
  });
}

// Started by the station: its stdin is a lifeline; when the station goes (even killed), stdin ends and so does this.
if (args['exit-with-parent']) {
  process.stdin.on('end', () => {
    void service.close().then(() => process.exit(0));
  });
  process.stdin.resume();
}
