// CI's share of the relay fault runs: the same harnesses as `npm run fault -- relay` (150 events and 2 stations here;
// the full run's default is 10,000) and `npm run fault -- relay --outage` (20 orders, 2 stations).
import { describe, expect, it } from 'vitest';
import { runRelayFault } from './relay/relay-chaos.ts';
import { runRelayOutage } from './relay/relay-outage.ts';

describe('the relay under SIGKILL', () => {
  it('every station stores every event exactly once while relay, nats-server and stations are killed', async () => {
    const result = await runRelayFault({ events: 150, stations: 2, killEveryMs: 300 });
    expect(result, `seed ${result.seed}`).toMatchObject({ events: 150, lost: 0, duplicated: 0 });
    expect(result.kills.relay + result.kills.nats + result.kills.station).toBeGreaterThan(0);
  }, 180_000);
});

describe('the relay down longer than the service’s delivery attempts', () => {
  it('every station still stores every order’s event: the relay catches up from the service', async () => {
    const result = await runRelayOutage({ orders: 20, stations: 2 });
    expect(result).toMatchObject({ orders: 20, failedForGood: 10, lost: 0, duplicated: 0 });
  }, 180_000);
});
