// CI's share of the record fault run: the same harness as `npm run fault -- record`, with 40 orders and 3 stations.
import { describe, expect, it } from 'vitest';
import { runRecordFault } from './record/record-chaos.ts';

describe('the pharmacy record under SIGKILL', () => {
  it('no order is verified twice and no verification a station was told of is lost while stations and nats-server are killed', async () => {
    const result = await runRecordFault({ orders: 40, stations: 3, killEveryMs: 250 });
    expect(result, `seed ${result.seed}`).toMatchObject({ orders: 40, verifiedTwice: 0, factsLost: 0, unverified: 0 });
    expect(result.kills.nats + result.kills.station).toBeGreaterThan(0);
  }, 240_000);
});
