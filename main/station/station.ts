// The composition root: wires settings, keychain, session, outbox, events and notifier into one Station both shells use.
import { createDispatcher } from './dispatch.ts';
import type { Station, StationOptions } from './options.ts';
import { wireStation } from './wiring.ts';

export type {
  BrowserShellStationOptions,
  DesktopShellStationOptions,
  Station,
  StationOptions,
  TrainingProcess,
} from './options.ts';

export async function createStation(options: StationOptions): Promise<Station> {
  const parts = await wireStation(options);
  const dispatch = createDispatcher(parts.current);
  let closing: Promise<void> | null = null;
  return {
    async invoke(channel, input) {
      if (closing) return { ok: false, error: { code: 'closed', message: 'The station is shutting down.' } };
      return dispatch(channel, input);
    },
    onEvent: (listener) => parts.emitter.on(listener),
    resume: () => parts.resume(),
    pendingWork: () => {
      const counts = parts.outbox.counts();
      return { verificationRuns: parts.current().verifyRuns.count(), waitingWrites: counts.queued + counts.sending };
    },
    close() {
      closing ??= parts.close();
      return closing;
    },
  };
}
