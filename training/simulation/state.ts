// The simulation's stored state and the simulated clock it defines: the base clock plus a lead that grows while it runs.
import type { Db } from '../database/db.ts';

export interface SimulationRow {
  running: number;
  speed: number;
  offset_ms: number;
  anchor_ms: number;
  started_at: string;
  steps: number;
  stuck_probability: number;
  seed: number;
  updated_at: string;
}

/**
 * Decisions: a new simulation runs at 60 (a simulated minute per real second: an order crosses the floor in a few
 * real minutes and is delivered within an hour or two), lets 2 % of the orders leaving data entry get stuck, and
 * draws its choices from seed 1.
 */
export const SIMULATION_DEFAULTS = { speed: 60, stuckProbability: 0.02, seed: 1 } as const;

/** Creates the state row on the first start (the simulated clock starts at the base clock, paused). */
export function ensureSimulationRow(db: Db, baseNow: Date): void {
  db.run(
    `INSERT OR IGNORE INTO simulation_state (id, running, speed, offset_ms, anchor_ms, started_at, steps,
       stuck_probability, seed, updated_at) VALUES (1, 0, ?, 0, ?, ?, 0, ?, ?, ?)`,
    SIMULATION_DEFAULTS.speed,
    baseNow.getTime(),
    baseNow.toISOString(),
    SIMULATION_DEFAULTS.stuckProbability,
    SIMULATION_DEFAULTS.seed,
    baseNow.toISOString(),
  );
}

export function readSimulation(db: Db): SimulationRow {
  const row = db.get<SimulationRow>('SELECT * FROM simulation_state WHERE id = 1');
  if (!row) throw new Error('the simulation state row is missing (ensureSimulationRow runs at start)');
  return row;
}

/** The lead of the simulated clock over the base clock at base time `baseMs`. Never negative: time never runs back. */
export function leadAt(row: SimulationRow, baseMs: number): number {
  const running = row.running === 1 ? (row.speed - 1) * Math.max(0, baseMs - row.anchor_ms) : 0;
  return Math.max(0, Math.round(row.offset_ms + running));
}

/** The simulated time at base time `baseMs`. */
export const simulatedMsAt = (row: SimulationRow, baseMs: number): number => baseMs + leadAt(row, baseMs);

export interface SimulationChanges {
  running?: boolean;
  speed?: number;
  stuckProbability?: number;
  seed?: number;
  /** Adds to the lead (a step). */
  advanceMs?: number;
  /** Restarts the dwell floor and the step count (a reset of the demo data). */
  restartedAt?: string;
}

/**
 * Writes changes, first folding the lead gathered so far into `offset_ms` at base time `baseMs`, so a change of speed
 * or a pause only affects the time after it. Runs inside the caller's transaction: a rollback takes it back.
 */
export function changeSimulation(db: Db, baseMs: number, changes: SimulationChanges): SimulationRow {
  const row = readSimulation(db);
  const offset = leadAt(row, baseMs) + Math.max(0, Math.round(changes.advanceMs ?? 0));
  const next: SimulationRow = {
    running: changes.running === undefined ? row.running : changes.running ? 1 : 0,
    speed: changes.speed ?? row.speed,
    offset_ms: offset,
    anchor_ms: baseMs,
    started_at: changes.restartedAt ?? row.started_at,
    steps: changes.restartedAt !== undefined ? 0 : row.steps + (changes.advanceMs !== undefined ? 1 : 0),
    stuck_probability: changes.stuckProbability ?? row.stuck_probability,
    seed: changes.seed ?? row.seed,
    updated_at: new Date(baseMs + offset).toISOString(),
  };
  db.run(
    `UPDATE simulation_state SET running = ?, speed = ?, offset_ms = ?, anchor_ms = ?, started_at = ?, steps = ?,
       stuck_probability = ?, seed = ?, updated_at = ? WHERE id = 1`,
    next.running,
    next.speed,
    next.offset_ms,
    next.anchor_ms,
    next.started_at,
    next.steps,
    next.stuck_probability,
    next.seed,
    next.updated_at,
  );
  return next;
}
