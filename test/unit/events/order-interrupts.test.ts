// Which events interrupt a run, what the banner says, and "has this order changed since then?" read from the inbox.
import { describe, expect, it } from 'vitest';
import { StoredJsonError } from '../../../kits/json/stored-json.ts';
import { EventInbox } from '../../../main/events/inbox.ts';
import { changedSince, interruptionOf, interruptionWords } from '../../../main/events/order-interrupts.ts';
import { openEventsDb } from '../../../main/events/schema.ts';
import type { StationEvent } from '../../../main/events/types.ts';

const event = (eventCode: string, subjectId: string, key = `${eventCode}:${subjectId}`): StationEvent => ({
  key,
  eventCode,
  subjectId,
  orderNumber: '1001',
  statusCode: null,
  statusName: null,
  url: null,
  source: 'relay',
  receivedAt: '2026-11-27T09:00:00.000Z',
});

describe('order interruptions', () => {
  it('a cancellation, a hold and a change of items interrupt; other events do not', () => {
    expect(interruptionOf(event('order.cancelled', 'o1'))).toMatchObject({ change: 'cancelled', learntFrom: 'relay' });
    expect(interruptionOf(event('order.paused', 'o1'))?.change).toBe('paused');
    expect(interruptionOf(event('order.items_changed', 'o1'))?.change).toBe('items_changed');
    expect(interruptionOf(event('order.shipped', 'o1'))).toBeNull();
    expect(interruptionOf(event('order.created', 'o1'))).toBeNull();
  });

  it('the banner says what changed and that the run stops', () => {
    expect(interruptionWords('cancelled', '1001')).toMatch(/^Order 1001 was cancelled at the service\. Stop:/);
    expect(interruptionWords('paused', null)).toMatch(/^This order was put on hold/);
    expect(interruptionWords('items_changed', '7')).toContain('Open the order again');
  });

  it('answers the newest change to that order recorded at or after the time asked, from the inbox', () => {
    let clock = 1_000;
    const db = openEventsDb(':memory:');
    const inbox = new EventInbox(db, () => clock);
    inbox.record([event('order.paused', 'o1', 'p1')]);
    clock = 2_000;
    inbox.record([event('order.shipped', 'o1'), event('order.cancelled', 'o2')]);
    expect(changedSince(db, 'o1', 0)?.change).toBe('paused');
    expect(changedSince(db, 'o1', 1_001)).toBeNull();
    expect(changedSince(db, 'o2', 2_000)?.change).toBe('cancelled');
    expect(changedSince(db, 'o3', 0)).toBeNull();
    clock = 3_000;
    inbox.record([event('order.items_changed', 'o1', 'i1')]);
    expect(changedSince(db, 'o1', 0)?.change).toBe('items_changed');
    db.close();
  });

  it('refuses an inbox event edited out of shape by saying so, rather than reading it as a change', () => {
    const db = openEventsDb(':memory:');
    const inbox = new EventInbox(db, () => 1_000);
    inbox.record([event('order.cancelled', 'o1', 'c1')]);
    db.run(
      "UPDATE inbox SET payload = ? WHERE key = 'c1'",
      JSON.stringify({ key: 'c1', eventCode: 'order.cancelled' }),
    );
    expect(() => changedSince(db, 'o1', 0)).toThrow(/^an inbox event is not of the expected shape at subjectId/);
    expect(() => inbox.undispatched()).toThrow(StoredJsonError);
    db.run("UPDATE inbox SET payload = '{not json' WHERE key = 'c1'");
    expect(() => inbox.undispatched()).toThrow('an inbox event is not valid JSON');
    db.close();
  });
});
