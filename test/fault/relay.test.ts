// CI's share of the relay fault run: the same harness as `npm run fault -- relay`, with 300 events and 2 stations.
import { describe, expect, it } from 'vitest';
import { runRelayFault } from './relay/relay-chaos.ts';

describe('the relay under SIGKILL', () => {
  it('every station stores every event exactly once while relay, nats-server and stations are killed', async () => {
    const result = await runRelayFault({ events: 300, stations: 2, killEveryMs: 300 });
    expect(result, `seed ${result.seed}`).toMatchObject({ events: 300, lost: 0, duplicated: 0 });
    expect(result.kills.relay + result.kills.nats + result.kills.station).toBeGreaterThan(0);
  }, 180_000);
});
