// Which service this run talks to: the training service (started here, remembered as 'training') or the custom URL.
import type { TrainingDemoAccounts } from '../../../contract/training-announcement.ts';
import type { Logger } from '../../platform/log/logger.ts';
import { serviceIdOf } from '../session/index.ts';
import type { Settings } from '../settings/index.ts';
import { startTrainingProcess, type TrainingProcess } from './training-process.ts';

/** The training service's stable name: its URL changes every run (a free port), its keychain entries must not. */
export const TRAINING_SERVICE_ID = 'training';

export interface Backend {
  kind: 'training' | 'custom';
  baseUrl: string;
  /** The session's and keychain's name for this service. */
  serviceId: string;
  /** The training service's demo accounts as it announced them; null for a custom service. */
  demoAccounts: TrainingDemoAccounts | null;
  stop(): Promise<void>;
}

/** What opening a backend reads of the station's options (main/station/options.ts's satisfy it). */
export interface BackendOptions {
  shell: 'browser' | 'electron';
  dataDir: string;
  startTraining?: (dataDir: string) => Promise<TrainingProcess>;
}

export async function openBackend(settings: Settings, options: BackendOptions, log: Logger): Promise<Backend> {
  if (settings.backend === 'custom' && settings.baseUrl) {
    log.info('using the service at the custom URL', { baseUrl: settings.baseUrl });
    return {
      kind: 'custom',
      baseUrl: settings.baseUrl,
      serviceId: serviceIdOf(settings.baseUrl),
      demoAccounts: null,
      stop: async () => {},
    };
  }
  if (options.shell === 'electron' && typeof options.startTraining !== 'function') {
    // The default spawns `process.execPath` on the TypeScript CLI: inside Electron that is the app itself, not Node.
    throw new Error('the desktop shell must start the training service itself (a utility process)');
  }
  const start = options.startTraining ?? ((dataDir: string) => startTrainingProcess(dataDir, log.child('training')));
  const training = await start(options.dataDir);
  return {
    kind: 'training',
    baseUrl: training.url,
    serviceId: TRAINING_SERVICE_ID,
    demoAccounts: training.demoAccounts ?? null,
    stop: () => training.stop(),
  };
}
