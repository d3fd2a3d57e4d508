// The deduplication key: one scheme for webhook deliveries and poller findings, stable across retries.
import { describe, expect, it } from 'vitest';
import { canonicalJson, eventKey, toStationEvent } from '../../../main/events/keys.ts';
import { orderEvent } from '../../../main/events/order-changes.ts';

const id = '6f1c1a52-8d0e-4c1b-9a57-2f1e0c3b9d10';
const data = {
  id,
  url: 'https://dash.example/o/1',
  order_number: '1000123',
  status_code: 'S01',
  status_name: 'Shipped',
};

describe('the key of an event', () => {
  it('is the code and the record id for events that happen once in a record’s life', () => {
    for (const code of ['order.created', 'order.shipped', 'order.delivered', 'prescription.cancelled']) {
      expect(eventKey({ event_code: code, data })).toBe(`${code}:${id}`);
    }
  });

  it('does not change when a retry carries other fields or another event id', () => {
    const first = eventKey({ event_code: 'order.shipped', data });
    const retry = eventKey({ event_code: 'order.shipped', data: { ...data, status_name: 'Shipping', extra: 1 } });
    expect(retry).toBe(first);
    expect(eventKey({ event_code: 'order.shipped', data, event_id: 'evt-9' } as never)).toBe(first);
  });

  it('is what the poller computes for the same change, so the two make one event', () => {
    const fromPoller = orderEvent(
      { id, order_number: '1000123', status: 'shipped' } as never,
      'order.shipped',
      new Date(),
    );
    expect(fromPoller.key).toBe(eventKey({ event_code: 'order.shipped', data }));
  });

  it('for an event that may recur uses the delivery’s event id when it has one', () => {
    expect(eventKey({ event_code: 'order.stuck', data, event_id: 'evt-1' } as never)).toBe(
      `order.stuck:${id}:event:evt-1`,
    );
    expect(eventKey({ event_code: 'order.stuck', data, id: 77 } as never)).toBe(`order.stuck:${id}:event:77`);
  });

  it('otherwise hashes the content: the same payload in any key order is one event, another payload another', () => {
    const a = eventKey({ event_code: 'order.stuck', data: { ...data, reason: 'too early' } });
    const reordered = eventKey({
      event_code: 'order.stuck',
      data: {
        reason: 'too early',
        status_name: 'Shipped',
        status_code: 'S01',
        order_number: '1000123',
        url: data.url,
        id,
      },
    });
    const other = eventKey({ event_code: 'order.stuck', data: { ...data, reason: 'no refills' } });
    expect(reordered).toBe(a);
    expect(other).not.toBe(a);
    expect(a).toMatch(new RegExp(`^order\\.stuck:${id}:sha256:[0-9a-f]{32}$`));
  });

  it('stays short when an id is absurdly long', () => {
    const key = eventKey({ event_code: 'order.shipped', data: { ...data, id: 'x'.repeat(10_000) } });
    expect(key.length).toBeLessThan(100);
  });
});

describe('a delivery as a station event', () => {
  it('keeps the order number and status but not the patient’s name', () => {
    const event = toStationEvent(
      { event_code: 'order.shipped', data: { ...data, first_name: 'Zelda', last_name: 'Quixote' } },
      'webhook',
      new Date('2026-03-01T00:00:00Z'),
    );
    expect(event).toEqual({
      key: `order.shipped:${id}`,
      eventCode: 'order.shipped',
      subjectId: id,
      orderNumber: '1000123',
      statusCode: 'S01',
      statusName: 'Shipped',
      url: data.url,
      source: 'webhook',
      receivedAt: '2026-03-01T00:00:00.000Z',
    });
    expect(JSON.stringify(event)).not.toMatch(/Zelda|Quixote/);
  });

  it('canonical JSON sorts keys at every depth and skips undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: undefined } })).toBe(
      '{"a":{"d":[2,{"e":0,"f":1}]},"b":1}',
    );
  });
});
