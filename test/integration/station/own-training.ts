// A station whose training service runs in a process the test owns, so the test can freeze (SIGSTOP) and resume it.
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { startChild } from '../../bench/lib/child.ts';
import { PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';

const root = join(import.meta.dirname, '../../..');

export interface OwnTrainingRig {
  rig: StationRig;
  training: { url: string; child: ChildProcess };
  freeze(): void;
  resume(): void;
  close(): Promise<void>;
}

/** `db`: the training service's SQLite file (a test may change its data behind it), or ':memory:'. */
export async function startWithOwnTraining(orders = 20, db = ':memory:'): Promise<OwnTrainingRig> {
  const training = await startChild(
    [join(root, 'training/cli.ts'), '--port', '0', '--db', db, '--orders', String(orders), '--paused', '--quiet'],
    /training service listening on (http:\/\/\S+)/,
  );
  const rig = await startStationRig({ startTraining: async () => ({ url: training.url, stop: async () => {} }) });
  const signedIn = await rig.station.invoke('session:signIn', { email: TECHNICIAN, password: PASSWORD });
  if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.error.message}`);
  return {
    rig,
    training,
    freeze: () => training.child.kill('SIGSTOP'),
    resume: () => training.child.kill('SIGCONT'),
    async close() {
      training.child.kill('SIGCONT');
      await rig.close();
      training.child.kill('SIGTERM');
    },
  };
}

/** Resolves when the station has told its renderer it is online (true) or offline (false), from event `since` on. */
export function toldOnline(rig: StationRig, online: boolean, since: number) {
  return rig.waitForEvent<'connectivity.changed'>(
    (event, payload) => event === 'connectivity.changed' && payload.online === online,
    20_000,
    since,
  );
}
