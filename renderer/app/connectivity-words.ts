// The connectivity indicator's words: the service online or not, the event listener, and which backend, for people.
import type { EventsReason } from '../../contract/ipc/events.ts';
import { writtenMoment } from '../../rules/words/dates.ts';
import { clockTime } from '../format/when.ts';
import type { ConnectivityView } from '../queries/connectivity.ts';

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

/** The reason in the top bar, two or three words. */
const SHORT_REASON: Record<EventsReason, string> = {
  signed_out: 'signed out',
  subscribing: 'subscribing',
  port_busy: 'port busy',
  listener_failed: 'no listener',
  no_secret_offered: 'no webhook secret',
  unsupported: 'no webhooks',
  forbidden: 'not allowed',
  subscription_failed: 'subscription failed',
  secret_missing: 'secret not shared',
  secret_changed: 'secret changed',
  relay_unreachable: 'relay unreachable',
};

/** Events exactly as they are: pushed (webhook subscribed), polled and why, or off; `now` says which day is today. */
export function describeEvents(events: ConnectivityView['events'], now: Date = new Date()): IndicatorPart {
  if (events.record?.state === 'unreachable') return recordUnreachable(events.record, now);
  const since = events.since ? ` since ${sinceWords(events.since, now)}` : '';
  const detail = events.message ?? '';
  if (events.path === 'relay') {
    return { tone: 'good', short: 'Events via relay', state: `Pushed through the pharmacy’s relay${since}`, detail };
  }
  if (events.mode === 'pushed') {
    return { tone: 'good', short: 'Events pushed', state: `Pushed (webhook subscribed)${since}`, detail };
  }
  if (events.mode === 'off') return { tone: 'quiet', short: 'Events off', state: 'Off', detail };
  const reason = events.reason ? SHORT_REASON[events.reason] : null;
  return {
    // Subscribing is the few seconds after sign-in: not a warning yet.
    tone: events.reason === 'subscribing' ? 'quiet' : 'warn',
    short: reason ? `Events polled (${reason})` : 'Events polled',
    state: `Polling every minute${since}`,
    detail,
  };
}

type RecordState = NonNullable<ConnectivityView['events']['record']>;

/** The pharmacy's record cannot be reached: said first, as main knows it (the station goes on from its own copy). */
function recordUnreachable(record: RecordState, now: Date): IndicatorPart {
  const since = sinceWords(record.since, now);
  const waiting =
    record.pending === 0
      ? 'Nothing of this station waits to be published.'
      : `${record.pending} of this station's records wait and are published when it is back.`;
  return {
    tone: 'warn',
    short: `Pharmacy record unreachable since ${since}`,
    state: `Pharmacy record unreachable since ${since}`,
    detail: `This station works from what it knows of the pharmacy's record. ${waiting}`,
  };
}

/** "09:41" today (the day of `now`), else the date and time, in the station's locale. */
function sinceWords(iso: string, now: Date): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const sameDay = at.toDateString() === now.toDateString();
  return sameDay ? clockTime(at) : (writtenMoment(iso) ?? iso);
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

  const listener = describeEvents(view.events);

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
