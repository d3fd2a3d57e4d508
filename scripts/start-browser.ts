// `npm run start:browser -- [--port N] [--data-dir DIR]`: the station in this Node process, its screens served to a
// browser on 127.0.0.1 with the bridge. Prints the one address to open (it carries this run's token).
// `--training-url URL` uses a training service someone else runs (the e2e tests stop and start it) instead of its own.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { defaultDataDir, launchBrowserShell } from '../main/browser/launch.ts';

const usage =
  'usage: npm run start:browser -- [--port N] [--data-dir DIR] [--training-url http://127.0.0.1:PORT]   (or STATION_BROWSER_PORT=N, STATION_DATA_DIR=DIR)';

function fail(message: string): never {
  console.error(`start:browser: ${message}`);
  process.exit(1);
}

let values: { port?: string; 'data-dir'?: string; 'training-url'?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      'training-url': { type: 'string' },
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

const { version } = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const dataDir = values['data-dir'] ?? defaultDataDir();

let launched: Awaited<ReturnType<typeof launchBrowserShell>>;
try {
  launched = await launchBrowserShell({
    dataDir,
    version,
    port: Number(portText),
    // Someone else owns that service: the station neither starts nor stops it.
    ...(trainingUrl ? { startTraining: async () => ({ url: trainingUrl, stop: async () => {} }) } : {}),
  });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
console.log(`station (browser shell) at ${launched.shell.url}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void launched.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
