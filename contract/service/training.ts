// Training-service controls (never on the real service): the simulation's state, speed, pause and step, the demo data
// reset, and a prescriber's change or cancellation of a prescription (prescription-changes.ts).
import { z } from 'zod';
import { maybe, timestamp } from './common.ts';
import { defineOperation } from './operation.ts';
import { prescriptionChangeOperations } from './prescription-changes.ts';

/** Simulated seconds per real second: 1 is real time, 3600 is an hour a second. */
export const SIMULATION_SPEED_MIN = 1;
export const SIMULATION_SPEED_MAX = 3600;
/** A step advances the simulated clock by at most a week. */
export const SIMULATION_STEP_MAX_MINUTES = 7 * 24 * 60;
/** A reset through the API builds at most this many orders (the CLI builds more). */
export const RESET_ORDERS_MAX = 5000;
export const SEED_MAX = 2 ** 31 - 1;

const seed = z.number().int().min(0).max(SEED_MAX);

// ---- Requests (strict) ----

/** Decision: every field optional; an empty body answers the state unchanged. */
export const simulationUpdateBody = z.strictObject({
  running: z.boolean().optional(),
  speed: z.number().min(SIMULATION_SPEED_MIN).max(SIMULATION_SPEED_MAX).optional(),
  /** The chance that an order due to leave received or data entry gets stuck instead. */
  stuck_probability: z.number().min(0).max(1).optional(),
  /** The seed of the simulation's choices (dwell times, stuck orders, tracking numbers). */
  seed: seed.optional(),
});
export type SimulationUpdateBody = z.input<typeof simulationUpdateBody>;

/** Decision: no body steps one simulated hour. */
export const simulationStepBody = z
  .strictObject({
    minutes: z.number().int().min(1).max(SIMULATION_STEP_MAX_MINUTES).optional(),
  })
  .optional();
export type SimulationStepBody = z.input<typeof simulationStepBody>;

/** Decision: no body rebuilds with seed 1 and 200 orders, as the CLI does. */
export const trainingResetBody = z
  .strictObject({
    seed: seed.optional(),
    orders: z.number().int().min(0).max(RESET_ORDERS_MAX).optional(),
  })
  .optional();
export type TrainingResetBody = z.input<typeof trainingResetBody>;

// ---- Responses (loose) ----

export const simulationState = z.looseObject({
  running: z.boolean(),
  speed: z.number(),
  simulated_now: timestamp,
  started_at: maybe(timestamp),
  steps: maybe(z.number()),
  stuck_probability: maybe(z.number()),
  seed: maybe(z.number()),
  /** Simulated seconds per real second right now: the speed while running, 1 while paused (webhook retries follow it). */
  time_scale: maybe(z.number()),
  /** How far the simulated clock runs ahead of the wall clock. */
  lead_seconds: maybe(z.number()),
  /** Real milliseconds between two background ticks, and the most orders one tick moves. */
  tick_interval_ms: maybe(z.number()),
  max_moves_per_tick: maybe(z.number()),
});
export type SimulationState = z.infer<typeof simulationState>;

const count = maybe(z.number());

/** What one step (or tick) did. */
export const simulationSummary = z.looseObject({
  from: maybe(timestamp),
  to: maybe(timestamp),
  /** Orders moved into each status, keyed by status. */
  moved: maybe(z.record(z.string(), z.number())),
  orders_moved: count,
  shipments_created: count,
  stuck: count,
  unstuck: count,
  unpaused: count,
  cancellations_honoured: count,
  replacements_approved: count,
  replacements_rejected: count,
  prescriptions_cancelled: count,
  /** True when the step hit its work limit and more is due; later ticks or steps carry on. */
  more_due: maybe(z.boolean()),
});
export type SimulationSummary = z.infer<typeof simulationSummary>;

export const simulationStepResult = z.looseObject({
  state: simulationState,
  summary: simulationSummary,
});

export const trainingResetResult = z.looseObject({
  seed: z.number(),
  orders: z.number(),
  patients: maybe(z.number()),
  prescribers: maybe(z.number()),
  tasks: maybe(z.number()),
  tables_wiped: maybe(z.array(z.string())),
  reset_at: maybe(timestamp),
});
export type TrainingResetResult = z.infer<typeof trainingResetResult>;

/** A station says an order is open in a run there (open) or no longer (closed): the simulation leaves it alone meanwhile. */
export const openRunBody = z.strictObject({ open: z.boolean() });
export const openRunResult = z.looseObject({
  order_id: z.string(),
  open: z.boolean(),
  /** Until when the simulation leaves it alone (the station says so again while the run goes on); null when closed. */
  open_until: maybe(timestamp),
});
/** How long (real time) an order stays left alone after a station says it is open, unless it says so again. */
export const OPEN_RUN_HOLD_MINUTES = 60;

export const trainingOperations = {
  ...prescriptionChangeOperations,
  openRun: defineOperation({
    name: 'training.openRun',
    method: 'PUT',
    path: '/api/v1/training/open-runs/{order_id}',
    params: z.strictObject({ order_id: z.string().min(1).max(200) }),
    body: openRunBody,
    response: openRunResult,
    source: 'training',
    summary:
      'A station says an order is open in a verification run there, or no longer; the simulation never moves it meanwhile',
  }),
  simulationState: defineOperation({
    name: 'training.simulationState',
    method: 'GET',
    path: '/api/v1/training/simulation',
    response: simulationState,
    source: 'training',
    summary: 'Read the simulation: running or paused, speed and the simulated clock',
  }),
  simulation: defineOperation({
    name: 'training.simulation',
    method: 'PUT',
    path: '/api/v1/training/simulation',
    body: simulationUpdateBody,
    response: simulationState,
    source: 'training',
    summary: 'Run, pause or re-speed the simulation',
  }),
  step: defineOperation({
    name: 'training.step',
    method: 'POST',
    path: '/api/v1/training/simulation/step',
    body: simulationStepBody,
    response: simulationStepResult,
    source: 'training',
    summary: 'Advance the simulated clock at once and run everything due',
  }),
  reset: defineOperation({
    name: 'training.reset',
    method: 'POST',
    path: '/api/v1/training/reset',
    body: trainingResetBody,
    response: trainingResetResult,
    source: 'training',
    summary: 'Wipe the training data and rebuild the demo data set',
  }),
};
