// Migration 5: the simulation — its one-row state (the simulated clock's lead, speed, seed), the orders it holds stuck, and the indexes its ticks read by.
import type { SchemaPart } from '../database/migrations.ts';

/**
 * `offset_ms` is how far the simulated clock leads the base (wall) clock as of `anchor_ms` (base epoch ms); while
 * running, the lead grows by (speed - 1) ms per base ms after the anchor. A stuck order keeps its row after it is
 * resolved (`resolved_at`), so the simulation never holds the same order twice.
 * The indexes on `orders` serve the ticks: due orders per status oldest first, and the few orders with a pending
 * cancellation, a pending replacement request or a pause end.
 */
const sql = `
CREATE TABLE simulation_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  running INTEGER NOT NULL DEFAULT 0,
  speed REAL NOT NULL,
  offset_ms INTEGER NOT NULL DEFAULT 0 CHECK (offset_ms >= 0),
  anchor_ms INTEGER NOT NULL,
  started_at TEXT NOT NULL,
  steps INTEGER NOT NULL DEFAULT 0,
  stuck_probability REAL NOT NULL,
  seed INTEGER NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE simulation_stuck_orders (
  order_id TEXT PRIMARY KEY REFERENCES orders (id),
  status TEXT NOT NULL,
  reason_code TEXT NOT NULL,
  stuck_at TEXT NOT NULL,
  resolves_at TEXT NOT NULL,
  resolved_at TEXT
);
CREATE INDEX simulation_stuck_orders_open ON simulation_stuck_orders (resolves_at) WHERE resolved_at IS NULL;

CREATE INDEX orders_status_updated ON orders (status, updated_at);
CREATE INDEX orders_cancellation_requested ON orders (status) WHERE cancellation_requested = 1;
CREATE INDEX orders_replacement_pending ON orders (replacement_requested_at) WHERE replacement_request_status = 'pending';
CREATE INDEX orders_paused_until ON orders (paused_until) WHERE status = 'paused';
`;

export const simulationTables: SchemaPart = { version: 5, name: 'the training simulation', sql };

/**
 * Orders a station has open in a run (training.openRun): the simulation does not move them until the station closes
 * the run or `open_until` (the base clock, ISO) passes, so a crashed station holds nothing for ever.
 */
export const openRunsTable: SchemaPart = {
  version: 6,
  name: 'orders open in a run at a station',
  sql: `
CREATE TABLE simulation_open_runs (
  order_id TEXT PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  opened_by TEXT NOT NULL,
  open_until TEXT NOT NULL
);
`,
};
