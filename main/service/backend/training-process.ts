// The default way to run the training service: a child Node process on a free loopback port, stopped with SIGTERM.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import {
  DEMO_ACCOUNTS_PREFIX,
  parseDemoAccountsLine,
  type TrainingDemoAccounts,
} from '../../../contract/training-announcement.ts';
import type { Logger } from '../../platform/log/logger.ts';

/** A training service started for this station: its URL, the demo accounts it announced, how to stop it. */
export interface TrainingProcess {
  url: string;
  /** The demo accounts the service announced as it started; absent when someone else started it and did not pass them on. */
  demoAccounts?: TrainingDemoAccounts;
  stop(): Promise<void>;
}

export const TRAINING_CLI = fileURLToPath(new URL('../../../training/cli.ts', import.meta.url));
export const TRAINING_DB_FILE = 'training.db';

const LISTENING = /^training service listening on (http:\/\/127\.0\.0\.1:\d+)\s*$/;
/** The first start seeds the demo data; later starts only open the file. */
const START_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Spawns `node training/cli.ts --port 0 --db <dataDir>/training.db --quiet` (the simulation as the trainer
 * last left it; paused on a fresh install) and answers once it printed its URL and then its demo accounts (the station lists them on the training
 * sign-in screen). Its error lines go to our log; a failed start names why.
 */
export function startTrainingProcess(dataDir: string, log: Logger): Promise<TrainingProcess> {
  const child = spawn(
    process.execPath,
    [TRAINING_CLI, '--port', '0', '--db', join(dataDir, TRAINING_DB_FILE), '--quiet', '--exit-with-parent'],
    // stdin stays open as a lifeline: when the station dies, even by SIGKILL, it closes and the service exits.
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const lastErrors: string[] = [];
  let stopping = false;
  createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', (line) => {
    lastErrors.push(line);
    if (lastErrors.length > 5) lastErrors.shift();
    log.warn('training service says', { line: line.slice(0, 2000) });
  });

  async function stop(): Promise<void> {
    stopping = true;
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const late = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited(child);
    clearTimeout(late);
  }

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`the training service did not start within ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    let url: string | null = null;
    lines.on('line', (line) => {
      const listening = LISTENING.exec(line);
      if (listening) {
        url = listening[1] as string;
        return;
      }
      if (!url || !line.startsWith(DEMO_ACCOUNTS_PREFIX)) return;
      clearTimeout(timer);
      const demoAccounts = parseDemoAccountsLine(line);
      if (!demoAccounts) {
        void stop();
        reject(new Error('the training service announced its demo accounts in a form the station does not know'));
        return;
      }
      log.info('training service started', { url, pid: child.pid });
      resolve({ url, demoAccounts, stop });
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`the training service could not be started: ${error.message}`));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!stopping) log.error('the training service stopped unexpectedly', { code, signal });
      // Ignored when it had started already: a promise settles once.
      reject(new Error(`the training service exited before it listened (${lastErrors.join(' | ') || `code ${code}`})`));
    });
  });
}
