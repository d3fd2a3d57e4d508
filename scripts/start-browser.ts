// `npm run start:browser -- [--port N] [--data-dir DIR] [--no-open]`: the station in this Node process, its screens
// served to a browser on 127.0.0.1 with the bridge. Builds the screens first when they are missing or stale, writes the
// JSON log to a file in the data folder, and prints the address to open as its LAST line: it carries a one-time code
// (exchanged for the page's session cookie, then void), so it is no key on a process list; Enter prints another.
// `--training-url URL` uses a training service someone else runs (the e2e tests stop and start it) instead of its own;
// `--training-accounts JSON` passes on the demo accounts that service announced (the JSON of its second stdout line),
// for the sign-in screen to list them. `--policy FILE` applies a machine policy file (main/platform/policy/) as the desktop app
// applies the one IT places; the browser shell reads none unless told.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { parseDemoAccounts } from '../contract/training-announcement.ts';
import { parseStoredJson } from '../kits/json/stored-json.ts';
import { fileAndConsoleSink, humanLineOfEvent } from '../main/platform/log/console-lines.ts';
import { createLogger, setDefaultLogWrite } from '../main/platform/log/logger.ts';
import { createRotatingFile } from '../main/platform/log/rotating-file.ts';
import { type LoadedPolicy, readMachinePolicy } from '../main/platform/policy/policy-file.ts';
import { defaultDataDir, launchBrowserShell } from '../main/shells/browser/launch.ts';
import { bridge, buildIfStale, builtBridgeScript, renderer } from './build-if-stale.ts';
import { canOpenBrowser, openInBrowser } from './open-browser.ts';

const usage =
  'usage: npm run start:browser -- [--port N] [--data-dir DIR] [--policy FILE] [--training-url http://127.0.0.1:PORT [--training-accounts JSON]] [--no-open]   (or STATION_BROWSER_PORT=N, STATION_DATA_DIR=DIR)';

function fail(message: string): never {
  console.error(`start:browser: ${message}`);
  process.exit(1);
}

let values: {
  port?: string;
  'data-dir'?: string;
  'training-url'?: string;
  'training-accounts'?: string;
  policy?: string;
  'no-open'?: boolean;
  help?: boolean;
};
try {
  ({ values } = parseArgs({
    options: {
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      'training-url': { type: 'string' },
      'training-accounts': { type: 'string' },
      policy: { type: 'string' },
      'no-open': { type: 'boolean' },
      help: { type: 'boolean' },
    },
    strict: true,
  }));
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const portText = values.port ?? process.env.STATION_BROWSER_PORT ?? '0';
if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65_535)
  fail(`--port must be a whole number from 0 to 65535.\n${usage}`);

const trainingUrl = values['training-url'];
if (trainingUrl !== undefined && !/^http:\/\/127\.0\.0\.1:\d{1,5}$/.test(trainingUrl))
  fail(`--training-url must look like http://127.0.0.1:PORT (a training service on this computer).\n${usage}`);

const accountsText = values['training-accounts'];
if (accountsText !== undefined && trainingUrl === undefined)
  fail(`--training-accounts goes with --training-url (a service started here announces its own).\n${usage}`);
const demoAccounts = accountsText === undefined ? undefined : parseDemoAccounts(accountsText);
if (demoAccounts === null)
  fail(
    `--training-accounts must be the JSON the training service printed after "training service demo accounts".\n${usage}`,
  );

const { version } = parseStoredJson(
  z.looseObject({ version: z.string() }),
  await readFile(new URL('../package.json', import.meta.url), 'utf8'),
  'package.json',
);
const dataDir = values['data-dir'] ?? defaultDataDir();
let policy: LoadedPolicy | undefined;
try {
  // The file named on this command line is the runner's choice: its owner may be the runner as well as root (the
  // desktop app's own place trusts root only).
  const owners = [0, process.getuid?.() ?? 0];
  policy = values.policy === undefined ? undefined : readMachinePolicy(values.policy, { owners });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

try {
  await buildIfStale([renderer, bridge], { say: (line) => console.log(line) });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

// The JSON log goes to a file in the data folder; the terminal gets short human lines.
const logFile = createRotatingFile({ directory: join(dataDir, 'logs') });
setDefaultLogWrite(fileAndConsoleSink(logFile, (line) => console.log(line)));
const log = createLogger({ scope: 'station' });

let launched: Awaited<ReturnType<typeof launchBrowserShell>>;
try {
  launched = await launchBrowserShell({
    dataDir,
    version,
    port: Number(portText),
    bridgeScript: builtBridgeScript(),
    log,
    ...(policy ? { policy } : {}),
    // Someone else owns that service: the station neither starts nor stops it.
    ...(trainingUrl
      ? {
          startTraining: async () => ({
            url: trainingUrl,
            ...(demoAccounts ? { demoAccounts } : {}),
            stop: async () => {},
          }),
        }
      : {}),
  });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const memory: { online?: boolean } = {};
launched.station.onEvent((event, payload) => {
  const line = humanLineOfEvent(event, payload, memory);
  if (line) console.log(line);
});

const open = !values['no-open'] && canOpenBrowser();
console.log(`Station started (browser shell, version ${version}); its log is ${logFile.path}`);
console.log(
  open
    ? 'Opening it in your browser; for another browser, open this address (each opens the station once; press Enter here for a new one). Ctrl+C stops the station:'
    : 'Open this address in a browser (it opens the station once; press Enter here for a new one). Ctrl+C stops the station:',
);
// The address opened for the person is not the one printed: each is good once.
if (open) openInBrowser(launched.shell.url);
console.log(open ? launched.shell.newAddress() : launched.shell.url);
process.stdin.on('data', (typed: Buffer) => {
  for (const _line of typed.toString().split('\n').slice(1)) console.log(launched.shell.newAddress());
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void launched.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
