// Events as main hands them to the renderer, for the feed's tests.
import type { FeedEvent } from '../../../../renderer/queries/events.ts';

let counter = 0;

export function event(overrides: Partial<FeedEvent> = {}): FeedEvent {
  counter += 1;
  return {
    key: `order.shipped:order-${counter}`,
    eventCode: 'order.shipped',
    subjectId: `order-${counter}`,
    orderNumber: String(1000000 + counter),
    statusCode: 'S01',
    statusName: 'Shipped',
    url: null,
    source: 'webhook',
    receivedAt: '2026-03-03T10:00:00.000Z',
    ...overrides,
  };
}
