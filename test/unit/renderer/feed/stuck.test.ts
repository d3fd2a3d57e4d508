// The stuck-orders queue: one entry per stuck order, the reason read from the order, settled orders told apart.
import { describe, expect, it } from 'vitest';
import type { OrderView } from '../../../../renderer/queries/orders.ts';
import { reasonSentence, stuckEntries, stuckInfo } from '../../../../renderer/screens/feed/stuck.ts';
import { event } from './fixtures.ts';

const order = (fields: Record<string, unknown>) => ({ id: 'o-1', ...fields }) as unknown as OrderView;

describe('stuckEntries', () => {
  it('lists each stuck order once, by its newest order.stuck event, and nothing else', () => {
    const newest = event({ eventCode: 'order.stuck', subjectId: 'a', key: 'order.stuck:a:2' });
    const older = event({ eventCode: 'order.stuck', subjectId: 'a', key: 'order.stuck:a:1' });
    const other = event({ eventCode: 'order.stuck', subjectId: 'b', key: 'order.stuck:b:1' });
    const shipped = event({ eventCode: 'order.shipped', subjectId: 'c' });
    expect(stuckEntries([newest, shipped, older, other]).map((e) => e.key)).toEqual([
      'order.stuck:a:2',
      'order.stuck:b:1',
    ]);
    expect(stuckEntries(undefined)).toEqual([]);
  });
});

describe('stuckInfo', () => {
  it('reads the reason, its code and since when from a stuck order', () => {
    const info = stuckInfo(
      order({
        status: 'data_entry',
        status_name: 'Data Entry',
        stuck_reason: 'too early to fill',
        stuck_reason_code: 'too_early_to_fill',
        stuck_at: '2026-03-03T10:00:00.000Z',
      }),
    );
    expect(info).toEqual({
      stillStuck: true,
      reason: 'too early to fill',
      reasonCode: 'too_early_to_fill',
      stuckAt: '2026-03-03T10:00:00.000Z',
      statusName: 'Data Entry',
    });
  });

  it('counts an order as settled once the service no longer gives it a reason', () => {
    const info = stuckInfo(
      order({ status: 'picked', status_name: 'Picked', stuck_reason: null, stuck_reason_code: null }),
    );
    expect(info.stillStuck).toBe(false);
    expect(info.statusName).toBe('Picked');
  });

  it('falls back to "still in data entry" for a service that does not say why', () => {
    expect(stuckInfo(order({ status: 'data_entry' })).stillStuck).toBe(true);
    expect(stuckInfo(order({ status: 'shipped' })).stillStuck).toBe(false);
  });
});

describe('reasonSentence', () => {
  const info = (reason: string | null, reasonCode: string | null = null) => ({
    stillStuck: true,
    reason,
    reasonCode,
    stuckAt: null,
    statusName: null,
  });

  it('writes the service’s reason as a sentence', () => {
    expect(reasonSentence(info('missing active prescription after 24 h'))).toBe(
      'Missing active prescription after 24 h.',
    );
  });

  it('falls back to the code, then says plainly that no reason was given', () => {
    expect(reasonSentence(info(null, 'too_early_to_fill'))).toBe('Too early to fill.');
    expect(reasonSentence(info(null))).toBe('The service gave no reason.');
  });
});
