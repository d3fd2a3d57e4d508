// A station whose main clock is in the spec's hand: the browser shell put together in the test's own process, as
// `npm run start:browser` puts it together (main/shells/browser/launch.ts), with the station's injectable clock
// (StationOptions.now) running `ahead` of the computer's. A spec moves it past a claim's life (2 minutes) instead of
// waiting for it. Everything else is as startStation makes it: a data folder of its own, the scanners' marks, the
// machine policy, a training service the spec owns.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDemoAccounts } from '../../contract/training-announcement.ts';
import { createLogger } from '../../main/platform/log/logger.ts';
import { createRotatingFile } from '../../main/platform/log/rotating-file.ts';
import { readMachinePolicy } from '../../main/platform/policy/policy-file.ts';
import { launchBrowserShell } from '../../main/shells/browser/launch.ts';
import { builtBridgeScript } from '../../scripts/build-if-stale.ts';
import { freePort, root, SCANNER_MARKS, type Station, type TrainingService } from './support.ts';

export interface ClockedStation extends Station {
  /** How far main's clock runs ahead of the computer's, in ms (0 at the start). */
  clock: { ahead: number };
}

export async function startClockedStation(options: {
  training: TrainingService;
  settings?: Record<string, unknown>;
  policy?: Record<string, unknown>;
}): Promise<ClockedStation> {
  const dataDir = mkdtempSync(join(tmpdir(), 'station-e2e-clocked-'));
  const settings = { listenerPort: await freePort(), ...SCANNER_MARKS, ...options.settings };
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify(settings));
  writeFileSync(join(dataDir, 'policy.json'), JSON.stringify({ techCheckTechAllowed: true, ...options.policy }));
  const policy = readMachinePolicy(join(dataDir, 'policy.json'), { owners: [0, process.getuid?.() ?? 0] });
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const demoAccounts = parseDemoAccounts(options.training.demoAccounts);
  // The station's log goes to its data folder, as the browser shell's does; the spec's output stays the spec's.
  const logFile = createRotatingFile({ directory: join(dataDir, 'logs') });
  const clock = { ahead: 0 };
  const launched = await launchBrowserShell({
    dataDir,
    version,
    port: 0,
    policy,
    bridgeScript: builtBridgeScript(),
    log: createLogger({ scope: 'station', write: (line) => logFile.write(line) }),
    now: () => Date.now() + clock.ahead,
    // The spec owns the training service: the station neither starts nor stops it.
    startTraining: async () => ({
      url: options.training.url,
      ...(demoAccounts ? { demoAccounts } : {}),
      stop: async () => {},
    }),
  });
  return {
    get url() {
      return launched.shell.newAddress();
    },
    dataDir,
    training: options.training,
    clock,
    async close() {
      await launched.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
