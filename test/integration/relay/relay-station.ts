// A station's event system on the pharmacy's relay, for tests: its own inbox in a temp folder, signed out (no service
// client, so its poller reads nothing), the relay's NATS with this station's id, name and password (or nkey seed),
// and the pharmacy's CA for a tls:// link.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEventSystem, type EventSystem } from '../../../main/events/system.ts';

export function relayStation(
  natsUrl: string,
  station: { id: string; name?: string; password?: string | null; dataDir?: string; tlsCa?: string },
): { system: EventSystem; dataDir: string } {
  const dataDir = station.dataDir ?? mkdtempSync(join(tmpdir(), `relay-${station.id}-`));
  const system = createEventSystem({
    dataDir,
    port: 0,
    secret: async () => null,
    client: () => null,
    notifications: { show: () => {} },
    onNotificationClick: () => {},
    relay: {
      servers: [natsUrl],
      stationId: station.id,
      ...(station.name ? { stationName: station.name } : {}),
      user: station.id,
      password: async () => station.password ?? null,
      ...(station.tlsCa ? { tlsCa: station.tlsCa } : {}),
    },
  });
  return { system, dataDir };
}
