// Whether the service answers, known within seconds: a call that hangs past a moment sends a short probe; a failed
// probe or an unreachable call means offline at once (calls waiting on the service are released); while offline a
// probe every second brings it back. A probe that answers while a call still hangs means slow, not down. An idle
// station (nothing asked of the service and nothing heard from it for 10 minutes) probes on its own.
import type { z } from 'zod';
import type { connectivity as connectivitySchema, EventsStateView } from '../../../contract/ipc/events.ts';
import { isServiceError } from '../client/index.ts';
import { type ConnectivityClock, systemClock } from './connectivity-clock.ts';

export type ConnectivityView = z.infer<typeof connectivitySchema>;
export type ServiceState = ConnectivityView['service'];

/** Codes of a call that got no answer at all; any answer, even a refusal, means the service is reachable. */
const UNREACHABLE = new Set(['network', 'timeout']);

export function isUnreachable(error: unknown): boolean {
  return isServiceError(error) && error.status === 0 && UNREACHABLE.has(error.code);
}

/** One call to the service being watched: `signal` aborts when the station decides the service is down. */
export interface CallWatch {
  signal: AbortSignal;
  /** The call ended: without an error it answered; with one, observeError decides what it says. */
  done(error?: unknown): void;
}

/** What the indicator reads of the webhook listener's status (main/events' `ListenerStatus` satisfies it). */
export type ListenerState = { state: 'stopped' | 'listening' } | { state: 'failed'; message: string };

export interface Connectivity {
  state(): ConnectivityView;
  /** True while the service is known to be down: a call that needs it should answer "offline" without trying. */
  isOffline(): boolean;
  /** Someone needs the service now: while offline, probe at once (not sooner than NUDGE_GAP_MS after the last). */
  nudge(): void;
  /** Watches a call from its start, so a hang is noticed in seconds rather than at the call's own timeout. */
  watch(): CallWatch;
  /** A call answered (true) or got no answer (false). Other failures (bad input, nobody signed in) say nothing. */
  observe(outcome: { answered: boolean }): void;
  observeError(error: unknown): void;
  setListener(status: ListenerState): void;
  /** What the Events indicator says (events-status.ts derives it). */
  setEvents(view: EventsStateView): void;
  /** Also announces the state: call it after switching service. */
  setServiceConfirmed(confirmed: boolean): void;
  /** Stops the probes (the station is closing). */
  stop(): void;
}

export interface ConnectivityOptions {
  /** Asks the service anything; true when any HTTP answer came within `timeoutMs`. */
  probe: (timeoutMs: number) => Promise<boolean>;
  clock?: ConnectivityClock;
  /** A call still waiting after this long makes the station probe. */
  suspectAfterMs?: number;
  /** A probe without an answer for this long means the service is down. */
  probeTimeoutMs?: number;
  /** While offline, a probe this often (after the previous one ended). */
  retryEveryMs?: number;
  /** Online with nothing asked of the service for this long: a probe (absent: none while idle). */
  idleProbeEveryMs?: number;
}

/**
 * Suspect at 1 s, give up on the probe at 1.5 s: a hang is called offline about 2.5 s after the call started.
 * Idle, a probe only after 10 minutes in which nothing spoke: the station's own requests (the poller's, a screen's, a
 * token renewal's, `heard-fetch.ts`) tell it whether the service answers, so an idle station's probes cost at most 6
 * requests an hour, and none while the poller or a screen reads anyway (the budget is 60 an hour in all, every source
 * counted). A service that freezes while nobody asks it anything shows at the next request or probe.
 */
export const CONNECTIVITY_DEFAULTS = {
  suspectAfterMs: 1_000,
  probeTimeoutMs: 1_500,
  retryEveryMs: 1_000,
  idleProbeEveryMs: 10 * 60_000,
} as const;

/** Calls arriving while offline probe early, but a burst of them must not turn into a burst of probes. */
const NUDGE_GAP_MS = 250;

export function createConnectivity(
  /** The service this station talks to now (it changes when a new one is chosen while signed out). */
  backend: () => { kind: 'training' | 'custom'; baseUrl: string },
  changed: (view: ConnectivityView, cameBack: boolean) => void,
  options: ConnectivityOptions,
): Connectivity {
  const clock = options.clock ?? systemClock;
  const suspectAfterMs = options.suspectAfterMs ?? CONNECTIVITY_DEFAULTS.suspectAfterMs;
  const probeTimeoutMs = options.probeTimeoutMs ?? CONNECTIVITY_DEFAULTS.probeTimeoutMs;
  const retryEveryMs = options.retryEveryMs ?? CONNECTIVITY_DEFAULTS.retryEveryMs;
  let service: ServiceState = 'online';
  let offlineSince: number | null = null;
  let listener: ConnectivityView['listener'] = { state: 'stopped', message: null };
  let events: EventsStateView = { mode: 'off', reason: 'signed_out', message: null };
  let serviceConfirmed = true;
  const waiting = new Set<AbortController>();
  let probing = false;
  let lastProbeEnded = Number.NEGATIVE_INFINITY;
  let retryTimer: unknown = null;
  let idleTimer: unknown = null;
  /** When the service last answered anything, or a call to it last started or ended. */
  let lastActivity = clock.now();
  let stopped = false;

  const state = (): ConnectivityView => ({
    online: service !== 'offline',
    service,
    offlineSince: offlineSince === null ? null : new Date(offlineSince).toISOString(),
    listener,
    backend: backend().kind,
    baseUrl: backend().baseUrl,
    serviceConfirmed,
    events,
  });
  const set = (next: ServiceState) => {
    if (next === service) return;
    const cameBack = service === 'offline';
    service = next;
    offlineSince = next === 'offline' ? clock.now() : null;
    changed(state(), cameBack);
  };

  const scheduleRetry = () => {
    if (stopped || retryTimer !== null) return;
    retryTimer = clock.setTimeout(() => {
      retryTimer = null;
      void probe();
    }, retryEveryMs);
  };
  /** While not offline: after `idleProbeEveryMs` with nothing asked of the service, one probe (then again). */
  const scheduleIdleProbe = () => {
    const every = options.idleProbeEveryMs;
    if (stopped || every === undefined || idleTimer !== null) return;
    idleTimer = clock.setTimeout(
      () => {
        idleTimer = null;
        // Offline, the retry probes take over (and the probe that brings it back schedules this again).
        if (service === 'offline') return;
        if (clock.now() - lastActivity >= every && waiting.size === 0) void probe();
        else scheduleIdleProbe();
      },
      Math.max(1, every - (clock.now() - lastActivity)),
    );
  };
  const goOffline = () => {
    set('offline');
    // Release every call still waiting: each answers "offline" now instead of at its own timeout.
    for (const controller of waiting) controller.abort(new Error('offline'));
    waiting.clear();
    scheduleRetry();
  };
  /** One probe at a time; its answer decides online (or slow, when calls still hang) against offline. */
  async function probe(): Promise<void> {
    if (probing || stopped) return;
    probing = true;
    let answered = false;
    try {
      answered = await options.probe(probeTimeoutMs);
    } catch {
      answered = false;
    } finally {
      probing = false;
      lastProbeEnded = clock.now();
    }
    if (stopped) return;
    if (!answered) return goOffline();
    lastActivity = clock.now();
    set(waiting.size > 0 ? 'slow' : 'online');
    scheduleIdleProbe();
  }
  scheduleIdleProbe();

  return {
    state,
    isOffline: () => service === 'offline',
    nudge() {
      if (service !== 'offline' || probing || stopped || clock.now() - lastProbeEnded < NUDGE_GAP_MS) return;
      if (retryTimer !== null) clock.clearTimeout(retryTimer);
      retryTimer = null;
      void probe();
    },
    watch() {
      const controller = new AbortController();
      waiting.add(controller);
      lastActivity = clock.now();
      const timer = clock.setTimeout(() => void probe(), suspectAfterMs);
      return {
        signal: controller.signal,
        done(error) {
          clock.clearTimeout(timer);
          lastActivity = clock.now();
          const released = !waiting.delete(controller);
          if (released) return;
          if (error === undefined) set('online');
          else learnFrom(error);
        },
      };
    },
    observe: ({ answered }) => {
      lastActivity = clock.now();
      return answered ? set('online') : goOffline();
    },
    observeError: (error) => learnFrom(error),
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
    stop() {
      stopped = true;
      if (retryTimer !== null) clock.clearTimeout(retryTimer);
      if (idleTimer !== null) clock.clearTimeout(idleTimer);
      retryTimer = null;
      idleTimer = null;
    },
  };

  function learnFrom(error: unknown): void {
    if (isUnreachable(error)) goOffline();
    else if (isServiceError(error) && error.status > 0) set('online');
  }
}
