// Online or not (did the service answer the last call?) and the listener's state, as the status bar shows them.
import type { z } from 'zod';
import type { connectivity as connectivitySchema, EventsStateView } from '../../contract/ipc/events.ts';
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
  /** What the Events indicator says (events-status.ts derives it). */
  setEvents(view: EventsStateView): void;
  /** Also announces the state: call it after switching service. */
  setServiceConfirmed(confirmed: boolean): void;
}

export function createConnectivity(
  /** The service this station talks to now (it changes when a new one is chosen while signed out). */
  backend: () => { kind: 'training' | 'custom'; baseUrl: string },
  changed: (view: ConnectivityView, cameBack: boolean) => void,
): Connectivity {
  let online = true;
  let listener: ConnectivityView['listener'] = { state: 'stopped', message: null };
  let events: EventsStateView = { mode: 'off', reason: 'signed_out', message: null };
  let serviceConfirmed = true;
  const state = (): ConnectivityView => ({
    online,
    listener,
    backend: backend().kind,
    baseUrl: backend().baseUrl,
    serviceConfirmed,
    events,
  });
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
    setEvents(view) {
      events = view;
      changed(state(), false);
    },
    setServiceConfirmed(confirmed) {
      serviceConfirmed = confirmed;
      changed(state(), false);
    },
  };
}
