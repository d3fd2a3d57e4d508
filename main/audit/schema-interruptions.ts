// Migration 6 of audit.db and its record kind: an order that changed under a verification or review at this station
// (cancelled, held, its items changed), kept when main learnt it, with whose run it stopped. Chained like the rest.
import type { OrderChange } from '../../contract/ipc/events.ts';
import type { Migration } from '../../kits/sqlite/db.ts';
import type { Stamp } from './schema.ts';
import { appendOnly, RECORD_KEYS, WHO_AND_WHEN } from './schema-parts.ts';

export type { OrderChange } from '../../contract/ipc/events.ts';

export const interruptionMigration: Migration = {
  version: 7,
  name: 'orders that changed under a run',
  sql: `
CREATE TABLE order_interruptions (
${RECORD_KEYS}
  order_id TEXT NOT NULL,
  order_number TEXT,
  change TEXT NOT NULL CHECK (change IN ('cancelled', 'paused', 'items_changed')),
  event_key TEXT NOT NULL,
  learnt_from TEXT NOT NULL,
${WHO_AND_WHEN}
);
CREATE INDEX order_interruptions_order ON order_interruptions (service_id, order_id, seq);
${appendOnly('order_interruptions')}`,
};

/** What main learnt (from its own inbox, never from the renderer). */
export interface InterruptionFacts {
  orderId: string;
  orderNumber: string | null;
  change: OrderChange;
  /** The inbox key of the event that told it: one record per event and run. */
  eventKey: string;
  /** webhook, relay or poller. */
  learntFrom: string;
}

export interface InterruptionRow extends Stamp {
  seq: number;
  order_id: string;
  order_number: string | null;
  change: OrderChange;
  event_key: string;
  learnt_from: string;
}

export const INTERRUPTION_COLUMNS = [
  'id',
  'service_id',
  'order_id',
  'order_number',
  'change',
  'event_key',
  'learnt_from',
  'user_id',
  'user_email',
  'user_name',
  'recorded_at',
] as const satisfies readonly (keyof Omit<InterruptionRow, 'seq'>)[];
