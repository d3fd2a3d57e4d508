// The channels of what the station hears and tells: this run's latest events, a poll now, the pharmacy's shares over the
// relay, and the webhook secret. Each receives only the parts its own file declares.
import type { ChannelGroup } from '../../contract/ipc/channel-group.ts';
import type { EventSystem } from './index.ts';
import { pharmacyHandlers } from './pharmacy-channels.ts';
import type { RecentEvents } from './recent-events.ts';
import {
  rotateWebhookSecret,
  type SecretRotationParts,
  shareWebhookSecret,
  stationWebhookState,
} from './secret-rotation.ts';

export interface EventsChannelParts {
  recent: RecentEvents;
  events: Pick<EventSystem, 'pollNow'>;
}

type EventsChannel = 'events:recent' | 'events:checkNow';
type SecretChannel = 'notifications:rotateSecret' | 'notifications:shareSecret' | 'notifications:stationWebhook';

const eventsOwn: ChannelGroup<EventsChannel, EventsChannelParts> = {
  'events:recent': (input, { recent }) => recent.latest(input?.limit ?? 50),
  'events:checkNow': async (_, { events }) => {
    const result = await events.pollNow();
    return { state: result.state, raised: result.state === 'done' ? result.raised : 0 };
  },
};

const secretHandlers: ChannelGroup<SecretChannel, SecretRotationParts> = {
  'notifications:rotateSecret': (_, parts) => rotateWebhookSecret(parts),
  'notifications:shareSecret': ({ secret }, parts) => shareWebhookSecret(parts, secret),
  'notifications:stationWebhook': (_, parts) => stationWebhookState(parts),
};

/** The three groups of this room, each typed by the parts it receives (the station's parts satisfy all three). */
export const eventsHandlers = { ...eventsOwn, ...pharmacyHandlers, ...secretHandlers } as const;
