// A station's event system on the relay (station-1 on a real nats-server), reading the service as the admin, with the
// events line the station would show: what the relay-down and relay-fallback tests start before taking NATS away.
import type { EventsStateView } from '../../../contract/ipc/events.ts';
import { operations } from '../../../contract/service/operations.ts';
import { createEventsStatus } from '../../../main/events/events-status.ts';
import { createEventSystem, type EventSystem } from '../../../main/events/system.ts';
import { createServiceClient } from '../../../main/service/client/index.ts';

export async function startRelayedStation(options: {
  serviceUrl: string;
  adminToken: string;
  dataDir: string;
  natsUrl: string;
  /** Each events line the station shows, the first at once. */
  onView(view: EventsStateView): void;
}): Promise<EventSystem> {
  const client = createServiceClient(operations, {
    baseUrl: options.serviceUrl,
    tokens: { accessToken: () => options.adminToken, refreshToken: () => null, refresh: async () => {} },
  });
  const status = createEventsStatus(options.onView);
  status.setSignedIn(true);
  options.onView(status.view());
  const system = createEventSystem({
    dataDir: options.dataDir,
    port: 0,
    secret: async () => null,
    client: () => client,
    notifications: { show: () => {} },
    onNotificationClick: () => {},
    pollIntervalMs: 60 * 60_000,
    relay: { servers: [options.natsUrl], stationId: 'station-1', user: 'station-1', password: async () => null },
    onRelayState: (state) => status.setRelay(state),
  });
  await system.start();
  return system;
}
