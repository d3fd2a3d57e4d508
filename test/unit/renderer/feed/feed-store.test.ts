// The unread count: what the person has not seen yet, marks kept once, and a fresh start for the next sign-in.
import { beforeEach, describe, expect, it } from 'vitest';
import { markEventsRead, unreadCount, useFeedStore } from '../../../../renderer/screens/feed/feed-store.ts';
import { routeOf } from '../../../../renderer/screens/feed/open-event.ts';
import { moveSelection } from '../../../../renderer/screens/feed/selection.ts';
import { event } from './fixtures.ts';

beforeEach(() => useFeedStore.getState().forget());

describe('the unread count', () => {
  it('counts every event not yet seen', () => {
    const events = [event(), event(), event()];
    expect(unreadCount(events, useFeedStore.getState().readKeys)).toBe(3);
    markEventsRead(events.slice(0, 2));
    expect(unreadCount(events, useFeedStore.getState().readKeys)).toBe(1);
  });

  it('does not change the store when nothing new was read', () => {
    const seen = event();
    markEventsRead([seen]);
    const before = useFeedStore.getState().readKeys;
    markEventsRead([seen]);
    expect(useFeedStore.getState().readKeys).toBe(before);
  });

  it('starts again from nothing for the next sign-in, on every event', () => {
    const events = [event(), event()];
    markEventsRead(events);
    useFeedStore.getState().setTab('stuck');
    useFeedStore.getState().forget();
    expect(unreadCount(events, useFeedStore.getState().readKeys)).toBe(2);
    expect(useFeedStore.getState().tab).toBe('all');
  });

  it('is zero before any event arrived', () => {
    expect(unreadCount(undefined, useFeedStore.getState().readKeys)).toBe(0);
  });
});

describe('choosing an event with the keyboard', () => {
  const items = [event({ key: 'a' }), event({ key: 'b' }), event({ key: 'c' })];

  it('starts at the first going down and at the last going up', () => {
    expect(moveSelection(items, null, 1)).toBe('a');
    expect(moveSelection(items, null, -1)).toBe('c');
  });

  it('moves one at a time and stops at the ends', () => {
    expect(moveSelection(items, 'a', 1)).toBe('b');
    expect(moveSelection(items, 'c', 1)).toBe('c');
    expect(moveSelection(items, 'a', -1)).toBe('a');
  });

  it('chooses nothing in an empty list', () => {
    expect(moveSelection([], null, 1)).toBeNull();
  });
});

describe('where an event leads', () => {
  it('opens the order of an order event and the prescription of a prescription event', () => {
    expect(routeOf(event({ eventCode: 'order.stuck', subjectId: 'o-9' }))).toEqual({ screen: 'order', orderId: 'o-9' });
    expect(routeOf(event({ eventCode: 'prescription.cancelled', subjectId: 'p-3' }))).toEqual({
      screen: 'prescription',
      prescriptionId: 'p-3',
    });
  });
});
