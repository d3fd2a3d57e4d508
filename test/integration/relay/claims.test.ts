// Two stations on one relay share what the service cannot hold: a claim at one shows at the other, whose claim is
// refused (JetStream decides between two claims at once); verified at one shows verified at both.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventSystem, type EventSystem } from '../../../main/events/system.ts';
import { createRelay, type Relay } from '../../../relay/relay.ts';
import { type NatsServer, startNatsServer } from './nats-server.ts';
import { relayStation } from './relay-station.ts';

let nats: NatsServer;
let relay: Relay;
const dirs: string[] = [];
const stations: EventSystem[] = [];

function station(id: string, name: string): EventSystem {
  const { system, dataDir } = relayStation(nats.url, { id, name });
  dirs.push(dataDir);
  stations.push(system);
  return system;
}

beforeAll(async () => {
  nats = await startNatsServer();
  dirs.push(mkdtempSync(join(tmpdir(), 'claims-relay-')));
  // The relay makes the stream; it subscribes nobody here (no service account).
  relay = createRelay({
    port: 0,
    stateDir: dirs[0] as string,
    nats: { servers: [nats.url] },
    service: null,
    log: () => {},
  });
  await relay.start();
});
afterAll(async () => {
  for (const system of stations) await system.stop();
  await relay?.stop();
  await nats?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('two stations on one relay', () => {
  it('a claim at one shows at the other, whose claim is refused; verified at one shows at both', async () => {
    const three = station('station-3', 'Station 3');
    const five = station('station-5', 'Station 5');
    await three.start();
    await five.start();
    await expect.poll(() => [three.relayState().state, five.relayState().state]).toEqual(['live', 'live']);

    expect(await three.shares.claim('order-1', '1001', 'Taylor Technician')).toEqual({ ok: true, shared: true });
    await expect.poll(() => five.shares.state('order-1').claim?.station).toBe('Station 3');
    const refused = await five.shares.claim('order-1', '1001', 'Parker Pharmacist');
    expect(refused).toMatchObject({ ok: false, heldBy: { station: 'Station 3', person: 'Taylor Technician' } });
    if (!refused.ok)
      expect(refused.message).toBe(
        'Being verified at Station 3 by Taylor Technician: a second verification of this order is refused.',
      );

    // Main's record path asks this before it records: the order is held at Station 3, not here.
    expect(five.shares.heldElsewhere('order-1')).toMatchObject({ station: 'Station 3' });
    expect(three.shares.heldElsewhere('order-1')).toBeNull();

    await three.shares.announce('verified', 'order-1', '1001', 'Taylor Technician');
    for (const system of [three, five]) {
      await expect.poll(() => system.shares.state('order-1').verified?.station).toBe('Station 3');
      expect(system.shares.state('order-1').claim).toBeNull();
      expect(system.shares.heldElsewhere('order-1')).toBeNull();
    }
  });

  it('of two claims at once, exactly one succeeds', async () => {
    const [a, b] = stations as [EventSystem, EventSystem];
    for (let i = 0; i < 5; i++) {
      const outcomes = await Promise.all([
        a.shares.claim(`race-${i}`, null, 'Taylor'),
        b.shares.claim(`race-${i}`, null, 'Parker'),
      ]);
      expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    }
  });

  it('without a relay a claim is this station’s alone and shares nothing', async () => {
    const alone = createEventSystem({
      dataDir: ':memory:',
      port: 0,
      secret: async () => null,
      client: () => null,
      notifications: { show: () => {} },
      onNotificationClick: () => {},
    });
    expect(await alone.shares.claim('order-9', null, 'Taylor')).toEqual({ ok: true, shared: false });
    await alone.shares.announce('verified', 'order-9', null, 'Taylor');
    expect(alone.shares.state('order-9')).toEqual({ claim: null, verified: null, stop: null, reviewed: null });
    await alone.stop();
  });
});
