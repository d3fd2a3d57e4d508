// The text of a notification. A locked screen may show it, so it names order numbers and what happened — never a patient.

/**
 * What a notification reads of an event (main/events' StationEvent carries it, and more): its deduplication key, code,
 * subject and order number, the status's name. Never a patient's name: a locked screen may show it.
 */
export interface NotifiedEvent {
  key: string;
  eventCode: string;
  subjectId: string;
  orderNumber: string | null;
  statusName: string | null;
}

interface Phrase {
  one: (number: string | null) => string;
  many: (count: number) => string;
  /** The short word in a mixed summary: "3 shipped". */
  word: string;
}

const phrases: Record<string, Phrase> = {
  'order.created': {
    one: (n) => (n ? `New order ${n}` : 'New order'),
    many: (c) => `${c} new orders`,
    word: 'new',
  },
  'order.shipped': {
    one: (n) => (n ? `Order ${n} shipped` : 'An order shipped'),
    many: (c) => `${c} orders shipped`,
    word: 'shipped',
  },
  'order.delivered': {
    one: (n) => (n ? `Order ${n} delivered` : 'An order was delivered'),
    many: (c) => `${c} orders delivered`,
    word: 'delivered',
  },
  'order.stuck': {
    one: (n) => (n ? `Order ${n} is stuck` : 'An order is stuck'),
    many: (c) => `${c} orders stuck`,
    word: 'stuck',
  },
};

const fallback: Phrase = {
  one: (n) => (n ? `Order ${n} updated` : 'An order was updated'),
  many: (c) => `${c} orders updated`,
  word: 'updated',
};

const phraseOf = (code: string): Phrase => phrases[code] ?? fallback;

/** Title and body for one event or a burst; order numbers and event words only (decision: no patient name). */
export function describeEvents(events: readonly NotifiedEvent[]): { title: string; body: string } {
  const first = events[0];
  if (!first) return { title: 'Fulfillment Station', body: '' };
  if (events.length === 1) {
    return {
      title: phraseOf(first.eventCode).one(first.orderNumber),
      body: first.statusName ? `Status: ${first.statusName}. Click to open the order.` : 'Click to open the order.',
    };
  }
  const byCode = new Map<string, number>();
  for (const event of events) byCode.set(event.eventCode, (byCode.get(event.eventCode) ?? 0) + 1);
  const numbers = [...new Set(events.map((e) => e.orderNumber).filter((n): n is string => n !== null))];
  const listed = numbers.slice(0, 3).join(', ');
  const more = numbers.length > 3 ? ` and ${numbers.length - 3} more` : '';
  const orders = numbers.length === 0 ? '' : `${numbers.length === 1 ? 'Order' : 'Orders'} ${listed}${more}.`;
  if (byCode.size === 1) return { title: phraseOf(first.eventCode).many(events.length), body: orders };
  const summary = [...byCode].map(([code, count]) => `${count} ${phraseOf(code).word}`).join(', ');
  return { title: `${events.length} order updates`, body: `${summary}. ${orders}`.trim() };
}
