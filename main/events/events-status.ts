// What the Events indicator says, derived from what is true: the listener, the sign-in, the webhook subscription's
// outcome and how signed deliveries fared against this station's secret. "Pushed" only while all of them hold.
import type { EventsReason, EventsStateView, RecordStateView } from '../../contract/ipc/events.ts';
import type { ListenerStatus, RelayState, SecretCheck, SubscriptionResult } from './index.ts';

const EVERY_MINUTE = 'Until then the station checks the service for changes every minute, so events arrive later.';

const WORDS: Record<EventsReason, string> = {
  signed_out: 'Nobody is signed in, so the station neither receives nor checks for events.',
  subscribing: 'Subscribing to the service\u2019s events; meanwhile the station checks for changes every minute.',
  port_busy: `The listener port is busy. ${EVERY_MINUTE}`,
  listener_failed: `The event listener could not start. ${EVERY_MINUTE}`,
  no_secret_offered: `The service offers no webhook secret, so it cannot push signed events. ${EVERY_MINUTE}`,
  unsupported: `The service does not deliver webhooks. ${EVERY_MINUTE}`,
  forbidden: `This account may not subscribe to the service\u2019s events. ${EVERY_MINUTE}`,
  subscription_failed: `The webhook subscription failed. ${EVERY_MINUTE}`,
  secret_missing: `This station does not have the webhook secret the other stations use \u2014 an admin must share it with this station. ${EVERY_MINUTE}`,
  secret_changed: `Deliveries arrive signed with a secret this station does not know: the webhook secret changed elsewhere \u2014 an admin must share it with this station. ${EVERY_MINUTE}`,
  relay_unreachable: `The pharmacy\u2019s events relay cannot be reached: the relay or its NATS server is down or does not answer. ${EVERY_MINUTE}`,
};

const FAILURE_REASON: Record<Extract<SubscriptionResult, { ok: false }>['reason'], EventsReason> = {
  no_webhook_secret: 'no_secret_offered',
  unsupported: 'unsupported',
  forbidden: 'forbidden',
  failed: 'subscription_failed',
  secret_missing: 'secret_missing',
};

export interface EventsStatusInputs {
  listener: ListenerStatus;
  signedIn: boolean;
  /** null: no subscription tried since sign-in; 'pending': under way. */
  subscription: SubscriptionResult | 'pending' | null;
  /** The last signed delivery's check since the subscription or a shared secret (null: none seen). */
  lastCheck: SecretCheck | null;
  /** The pharmacy's relay, when one is configured ('stopped' otherwise). */
  relay?: RelayState;
  /** The pharmacy's record on NATS (none for the embedded record). */
  record?: RecordStateView;
}

export function describeEvents(inputs: EventsStatusInputs): EventsStateView {
  const view = describeOwnPath(inputs);
  // A relay lost is what a station on one must say, not a webhook secret it never needed; a working webhook still wins.
  if (inputs.relay?.state === 'failed' && view.mode === 'polling') {
    return { ...view, reason: 'relay_unreachable', message: WORDS.relay_unreachable };
  }
  return view;
}

function describeOwnPath(inputs: EventsStatusInputs): EventsStateView {
  const polling = (reason: EventsReason, message = WORDS[reason]): EventsStateView => ({
    mode: 'polling',
    reason,
    message,
    path: 'polling',
  });
  if (!inputs.signedIn) return { mode: 'off', reason: 'signed_out', message: WORDS.signed_out, path: null };
  if (inputs.relay?.state === 'live') {
    return {
      mode: 'pushed',
      reason: null,
      message: 'Events arrive through the pharmacy’s relay as they happen.',
      path: 'relay',
    };
  }
  const { listener } = inputs;
  if (listener.state === 'failed') {
    const reason = listener.code === 'port_in_use' ? 'port_busy' : 'listener_failed';
    return polling(reason, listener.message);
  }
  if (listener.state === 'stopped') return polling('listener_failed');
  if (inputs.lastCheck === 'wrong_secret') return polling('secret_changed');
  if (inputs.lastCheck === 'no_secret') return polling('secret_missing');
  const subscription = inputs.subscription;
  if (subscription === null || subscription === 'pending') return polling('subscribing');
  if (!subscription.ok) return polling(FAILURE_REASON[subscription.reason]);
  return {
    mode: 'pushed',
    reason: null,
    message: 'The service pushes events to this station as they happen.',
    path: 'webhook',
  };
}

export interface EventsStatus {
  view(): EventsStateView;
  setListener(status: ListenerStatus): void;
  setSignedIn(signedIn: boolean): void;
  subscribing(): void;
  subscribed(result: SubscriptionResult): void;
  secretChecked(check: SecretCheck): void;
  setRelay(relay: RelayState): void;
  /** The pharmacy's record on NATS: reachable or not since when, what waits to be published. */
  setRecord(record: RecordStateView): void;
  /** An admin shared or rotated the secret here: earlier wrong deliveries no longer say anything. */
  secretReplaced(): void;
}

/** Holds the inputs and tells `changed` whenever the view it derives changes. */
export function createEventsStatus(
  changed: (view: EventsStateView) => void,
  now: () => number = Date.now,
): EventsStatus {
  const inputs: EventsStatusInputs = {
    listener: { state: 'stopped' },
    signedIn: false,
    subscription: null,
    lastCheck: null,
  };
  // Since when the live path (relay, webhook, polling) is the one it is now.
  let path: EventsStateView['path'] = null;
  let since: string | null = null;
  const describe = (): EventsStateView => {
    const view = describeEvents(inputs);
    const next = view.path ?? null;
    if (next !== path) {
      path = next;
      since = next === null ? null : new Date(now()).toISOString();
    }
    return { ...view, since, ...(inputs.record ? { record: inputs.record } : {}) };
  };
  let last = JSON.stringify(describe());
  const update = (patch: Partial<EventsStatusInputs>) => {
    Object.assign(inputs, patch);
    const view = describe();
    const text = JSON.stringify(view);
    if (text === last) return;
    last = text;
    changed(view);
  };
  return {
    view: describe,
    setListener: (listener) => update({ listener }),
    setSignedIn: (signedIn) => update(signedIn ? { signedIn } : { signedIn, subscription: null, lastCheck: null }),
    subscribing: () => update({ subscription: 'pending' }),
    subscribed: (subscription) => update({ subscription, lastCheck: null }),
    secretChecked: (check) => update({ lastCheck: check }),
    secretReplaced: () => update({ lastCheck: null }),
    setRelay: (relay) => update({ relay }),
    setRecord: (record) => update({ record }),
  };
}
