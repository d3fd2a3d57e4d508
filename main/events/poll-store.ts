// The poller's memory in events.db: each recent order's last seen status and items, and whether the first look (baseline) is done.
import type { Db } from '../../kits/sqlite/db.ts';
import type { OrderLook } from './order-changes.ts';

export interface SeenOrder {
  status: string;
  updated_at: string | null;
  /** The fingerprint of its items (order-changes.ts), or null. */
  items: string | null;
  /** 1 when the order had a cancellation requested. */
  cancellation_requested: number;
}

/** What the poller saw last of an order, as changeEvents compares it. */
export const lookOf = (seen: SeenOrder): OrderLook => ({
  status: seen.status,
  items: seen.items,
  cancellationRequested: seen.cancellation_requested === 1,
});

/** No change worth raising: the same status and request, and the same items (unknown items are no change). */
export const sameLook = (before: OrderLook, now: OrderLook): boolean =>
  before.status === now.status &&
  (now.items === null || now.items === before.items) &&
  (before.cancellationRequested === true) === (now.cancellationRequested === true);

export interface SeenOrderRow extends SeenOrder {
  order_id: string;
  created_ms: number;
}

export class PollStore {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  get(orderId: string): SeenOrder | undefined {
    return this.db.get<SeenOrder>(
      'SELECT status, updated_at, items, cancellation_requested FROM poll_orders WHERE order_id = ?',
      orderId,
    );
  }

  save(rows: readonly SeenOrderRow[]): void {
    if (rows.length === 0) return;
    this.db.transaction(() => {
      for (const row of rows) {
        this.db.run(
          `INSERT INTO poll_orders (order_id, status, updated_at, created_ms, items, cancellation_requested)
             VALUES (?, ?, ?, ?, ?, ?)
             ON CONFLICT (order_id) DO UPDATE SET status = excluded.status, updated_at = excluded.updated_at,
               created_ms = excluded.created_ms, items = COALESCE(excluded.items, poll_orders.items),
               cancellation_requested = excluded.cancellation_requested`,
          row.order_id,
          row.status,
          row.updated_at,
          row.created_ms,
          row.items,
          row.cancellation_requested,
        );
      }
    });
  }

  /** Forgets orders created before the poller's window, but those it still reads by id (`keep`). */
  forgetCreatedBefore(ms: number, keep: readonly string[] = []): number {
    return this.db.run(
      'DELETE FROM poll_orders WHERE created_ms < ? AND order_id NOT IN (SELECT value FROM json_each(?))',
      ms,
      JSON.stringify(keep),
    ).changes;
  }

  value(name: string): string | null {
    return this.db.get<{ value: string }>('SELECT value FROM poll_state WHERE name = ?', name)?.value ?? null;
  }

  setValue(name: string, value: string): void {
    this.db.run(
      'INSERT INTO poll_state (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
      name,
      value,
    );
  }

  /** Starts over (another service was chosen): the next poll is a baseline again. */
  reset(): void {
    this.db.transaction(() => {
      this.db.run('DELETE FROM poll_orders');
      this.db.run('DELETE FROM poll_state');
    });
  }

  size(): number {
    return this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM poll_orders')?.n ?? 0;
  }
}
