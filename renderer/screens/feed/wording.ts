// The event feed's words in one place: title, commands, tabs, notices and empty states. What an event means, where
// it came from and the unread count are worded in feed-words.ts; a stuck order's reason in stuck.ts.

export const feedWords = {
  title: 'Event feed',
  group: 'Event feed',
  showAll: 'Show every event',
  selectNext: 'Select the next event',
  selectPrevious: 'Select the previous event',
  openSelected: 'Open the selected event’s order',
  markAllRead: 'Mark every event read',
  showStuck: 'Show the stuck-orders queue',
  counts: (events: number, fresh: number) =>
    `${events === 1 ? '1 event' : `${events} events`} since the station started. ${fresh} new since you last looked.`,
  tabs: 'Show',
  allTab: 'All events',
  stuckTab: 'Stuck orders',
  keysChoose: ' choose an event, ',
  keysOpens: ' opens it; ',
  keysMarkRead: ' marks every event read from any screen.',
  selected: (headline: string) => `Selected: ${headline}`,
  reading: 'Reading the events…',
  noEvents: 'No events yet.',
  noEventsHint:
    'New, shipped, delivered and stuck orders appear here as the service reports them, newest first. Opening one goes to its order.',
  eventList: 'Events, newest first',
  isNew: 'New',
  status: 'Status: ',
  noStuck: 'No stuck orders reported.',
  notPushed: 'The service does not push events to this station now: ',
  stuckOrder: 'Order ',
  stuckSince: 'stuck',
  noStuckHint:
    'When the service reports an order stuck (too early to fill, a missing prescription, no refills left), it is listed here with its reason until the problem is settled.',
  stuckTitle: 'Stuck orders',
  stillStuckCount: (count: number) => `(${count} still stuck)`,
  stuckList: 'Stuck orders, newest first',
  reasonNotRead: (why: string) => `The reason could not be read: ${why}`,
  readingReason: 'Reading the reason from the order…',
  stillStuck: 'Still stuck',
  settled: (statusName: string | null | undefined) => `Settled${statusName ? `: now ${statusName}` : ''}`,
  unread: ' unread',
} as const;
