// Starts the training service in an Electron utility process (off the window's event loop) and reads its URL from stdout.
import { join } from 'node:path';
import type { ForkOptions, UtilityProcess } from 'electron';
import { parseDemoAccounts } from '../../../contract/training-announcement.ts';
import type { Logger } from '../../platform/log/logger.ts';
import { TRAINING_DB_FILE } from '../../service/backend/training-process.ts';
import type { TrainingProcess } from '../../station/station.ts';

/**
 * What the CLI prints once it listens (training/cli.ts): its URL, then its demo accounts
 * (contract/training-announcement.ts); whole lines, as output may arrive in pieces.
 */
const ANNOUNCED =
  /training service listening on (http:\/\/127\.0\.0\.1:\d+)\r?\n(?:[^\n]*\n)*?training service demo accounts ([^\r\n]*)\r?\n/;
export const TRAINING_START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 5_000;

export interface UtilityTrainingOptions {
  fork: (modulePath: string, args?: string[], options?: ForkOptions) => UtilityProcess;
  /** The built training CLI (out/training/cli.js). */
  modulePath: string;
  startTimeoutMs?: number;
  log?: Logger;
}

/** The arguments of the training CLI for the app: any free port, its database in the data folder, quiet. */
export function trainingArguments(dataDir: string): string[] {
  return ['--port', '0', '--db', join(dataDir, TRAINING_DB_FILE), '--quiet'];
}

export function createUtilityTrainingStarter(
  options: UtilityTrainingOptions,
): (dataDir: string) => Promise<TrainingProcess> {
  return (dataDir) =>
    new Promise<TrainingProcess>((resolve, reject) => {
      const child = options.fork(options.modulePath, trainingArguments(dataDir), {
        stdio: 'pipe',
        serviceName: 'Fulfillment Station training service',
      });
      let exited = false;
      let settled = false;
      let stopping = false;
      let output = '';
      let errors = '';
      const exit = new Promise<void>((done) => {
        child.once('exit', () => {
          exited = true;
          done();
        });
      });
      // kill() answers false before the process has spawned (Electron's UtilityProcessWrapper::Kill has no pid yet):
      // then it is killed as soon as it spawns, so a failed start never leaves a service running.
      const end = () => {
        if (exited) return;
        if (!child.kill()) child.once('spawn', () => child.kill());
      };
      const fail = (message: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        end();
        reject(new Error(message));
      };
      const timer = setTimeout(
        () => fail('the training service did not start in time'),
        options.startTimeoutMs ?? TRAINING_START_TIMEOUT_MS,
      );
      // Electron reports our own kill() as exit 0 (SIGTERM is mapped to 0, electron_api_utility_process.cc
      // HandleTermination); a process killed by anyone else reports the signal's number, process.exit(n) reports n.
      child.once('exit', (code: number) => {
        if (settled && !stopping) options.log?.error('the training service stopped unexpectedly', { code });
        const reason = errors.trim().split('\n').slice(-1)[0] ?? '';
        fail(`the training service stopped before it listened (exit ${code})${reason ? `: ${reason}` : ''}`);
      });
      child.stderr?.on('data', (chunk: Buffer | string) => {
        errors = (errors + String(chunk)).slice(-4_000);
        options.log?.warn('training service says', { line: String(chunk).trim().slice(0, 2_000) });
      });
      child.stdout?.on('data', (chunk: Buffer | string) => {
        if (settled) return;
        output = (output + String(chunk)).slice(-4_000);
        const match = ANNOUNCED.exec(output);
        if (!match) return;
        const demoAccounts = parseDemoAccounts(match[2] as string);
        if (!demoAccounts)
          return fail('the training service announced its demo accounts in a form the station does not know');
        settled = true;
        clearTimeout(timer);
        resolve({
          url: match[1] as string,
          demoAccounts,
          async stop() {
            stopping = true;
            if (exited) return;
            end();
            const timeout = new Promise<void>((done) => setTimeout(done, STOP_TIMEOUT_MS).unref());
            await Promise.race([exit, timeout]);
          },
        });
      });
    });
}
