// Whether a sample sent to this station's listener reached its feed, told apart from one it had already listed.
import { describe, expect, it } from 'vitest';
import type { FeedEvent } from '../../../../renderer/queries/events.ts';
import {
  arrivalOf,
  deliveryOf,
  type SentSample,
  subjectOf,
} from '../../../../renderer/screens/settings/sample-outcome.ts';

const SAMPLE_ID = '00000000-0000-4000-8000-000000000001';

const sample: SentSample = {
  eventCode: 'order.created',
  subjectId: SAMPLE_ID,
  sentAt: '2026-03-03T14:00:00.000Z',
  deliveryId: 'd1',
  toListener: true,
};

const event = (receivedAt: string, over: Partial<FeedEvent> = {}): FeedEvent => ({
  key: `order.created:${SAMPLE_ID}:${receivedAt}`,
  eventCode: 'order.created',
  subjectId: SAMPLE_ID,
  orderNumber: '1000001',
  statusCode: 'N01',
  statusName: 'Received',
  url: null,
  source: 'webhook',
  receivedAt,
  ...over,
});

describe('a sample’s arrival at this station', () => {
  it('has arrived when an event of its code and record came after it was sent', () => {
    const arrived = arrivalOf(sample, [event('2026-03-03T14:00:01.000Z')], true);
    expect(arrived.kind).toBe('arrived');
  });

  it('is still awaited while nothing new came, and the delivery is not yet acknowledged', () => {
    expect(arrivalOf(sample, [], false).kind).toBe('waiting');
    expect(arrivalOf(sample, [event('2026-03-03T13:00:00.000Z')], false).kind).toBe('waiting');
  });

  it('was already listed when the delivery was acknowledged and only an earlier identical event exists', () => {
    expect(arrivalOf(sample, [event('2026-03-03T13:00:00.000Z')], true).kind).toBe('already');
  });

  it('ignores events of another code or record', () => {
    const others = [
      event('2026-03-03T14:00:05.000Z', { eventCode: 'order.shipped' }),
      event('2026-03-03T14:00:05.000Z', { subjectId: 'another' }),
    ];
    expect(arrivalOf(sample, others, true).kind).toBe('waiting');
  });

  it('is not this station’s business when the sample went elsewhere', () => {
    expect(arrivalOf({ ...sample, toListener: false }, [event('2026-03-03T14:00:01.000Z')], true).kind).toBe(
      'elsewhere',
    );
  });
});

describe('a sample’s delivery and record', () => {
  it('finds its delivery by the id the service answered', () => {
    const log = [
      { id: 'd0', url: 'u', status: 'delivered', attempts: 1 },
      { id: 'd1', url: 'u', status: 'pending', attempts: 0 },
    ];
    expect(deliveryOf(sample, log)?.id).toBe('d1');
    expect(deliveryOf({ ...sample, deliveryId: null }, log)).toBeNull();
  });

  it('reads the record id from the payload’s data, and nothing from a payload without one', () => {
    expect(subjectOf({ event_code: 'order.created', data: { id: SAMPLE_ID } })).toBe(SAMPLE_ID);
    expect(subjectOf({ data: {} })).toBeNull();
    expect(subjectOf('text')).toBeNull();
  });
});
