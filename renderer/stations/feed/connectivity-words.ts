// The connectivity indicator's words: the service online or not, the event listener, and which backend, for people.
import type { ConnectivityView } from '../../queries/connectivity.ts';

export type Tone = 'good' | 'warn' | 'bad' | 'quiet';

export interface IndicatorPart {
  tone: Tone;
  /** What the top bar shows: one or two words. */
  short: string;
  /** The state in the details panel's heading ("Listening"). */
  state: string;
  /** The sentence in the details panel. */
  detail: string;
}

export interface ConnectivityWords {
  service: IndicatorPart;
  listener: IndicatorPart;
  backend: IndicatorPart;
  /** One line for screen readers when something changes. */
  summary: string;
}

/** The host (and port) of a URL, or the text itself when it is not one. */
export function hostOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

export function describeConnectivity(view: ConnectivityView): ConnectivityWords {
  const service: IndicatorPart =
    view.service === 'slow'
      ? {
          tone: 'warn',
          short: 'Slow',
          state: 'Slow',
          detail: 'The service answers, but slowly: a call is taking longer than usual. Nothing is lost.',
        }
      : view.online
        ? { tone: 'good', short: 'Online', state: 'Online', detail: 'The service answered the last call.' }
        : {
            tone: 'bad',
            short: 'Offline',
            state: 'Offline',
            detail:
              'The service did not answer the last call. What you see may be out of date; task changes wait in the outbox and are sent when it answers again.',
          };

  const { message } = view.listener;
  const listener: IndicatorPart =
    view.listener.state === 'listening'
      ? {
          tone: 'good',
          short: 'Events on',
          state: 'Listening',
          detail: 'The service pushes events to this station as they happen.',
        }
      : view.listener.state === 'failed'
        ? {
            tone: 'warn',
            short: 'Events off',
            state: 'Listener failed',
            detail: `The event listener failed${message ? `: ${message}` : ''}. The station checks the service every minute instead, so events arrive later.`,
          }
        : {
            tone: 'quiet',
            short: 'Events stopped',
            state: 'Listener stopped',
            detail: `The event listener is stopped${message ? `: ${message}` : ''}.`,
          };

  const host = hostOf(view.baseUrl);
  const backend: IndicatorPart =
    view.backend === 'training'
      ? {
          tone: 'quiet',
          short: 'Training',
          state: 'Training service',
          detail: `The training service (practice data)${host ? ` at ${host}` : ''}.`,
        }
      : {
          tone: 'quiet',
          short: host ?? 'Custom service',
          state: 'Custom service',
          detail: `A custom service${view.baseUrl ? ` at ${view.baseUrl}` : ''}.`,
        };

  const summary = `${service.short}. ${listener.short}. ${view.backend === 'training' ? 'Training service' : `Service ${backend.short}`}.`;
  return { service, listener, backend, summary };
}
