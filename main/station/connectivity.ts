// Online or not (did the service answer the last call?) and the listener's state, as the status bar shows them.
import type { z } from 'zod';
import type { connectivity as connectivitySchema } from '../../contract/ipc/events.ts';
import type { ListenerStatus } from '../events/index.ts';
import { isServiceError } from '../service/index.ts';

export type ConnectivityView = z.infer<typeof connectivitySchema>;

/** Codes of a call that got no answer at all; any answer, even a refusal, means the service is reachable. */
const UNREACHABLE = new Set(['network', 'timeout']);

export function isUnreachable(error: unknown): boolean {
  return isServiceError(error) && error.status === 0 && UNREACHABLE.has(error.code);
}

export interface Connectivity {
  state(): ConnectivityView;
  /** A call answered (true) or got no answer (false). Other failures (bad input, nobody signed in) say nothing. */
  observe(outcome: { answered: boolean }): void;
  observeError(error: unknown): void;
  setListener(status: ListenerStatus): void;
}

export function createConnectivity(
  backend: { kind: 'training' | 'custom'; baseUrl: string },
  changed: (view: ConnectivityView, cameBack: boolean) => void,
): Connectivity {
  let online = true;
  let listener: ConnectivityView['listener'] = { state: 'stopped', message: null };
  const state = (): ConnectivityView => ({ online, listener, backend: backend.kind, baseUrl: backend.baseUrl });
  const setOnline = (next: boolean) => {
    if (next === online) return;
    online = next;
    changed(state(), next);
  };
  return {
    state,
    observe: ({ answered }) => setOnline(answered),
    observeError(error) {
      if (isUnreachable(error)) setOnline(false);
      else if (isServiceError(error) && error.status > 0) setOnline(true);
    },
    setListener(status) {
      listener =
        status.state === 'failed'
          ? { state: 'failed', message: status.message }
          : { state: status.state, message: null };
      changed(state(), false);
    },
  };
}
