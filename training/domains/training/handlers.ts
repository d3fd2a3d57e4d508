// The training controls: read, run, pause, re-speed and step the simulation, reset the demo data, and change or cancel
// a prescription as its prescriber would (admins; see auth/permissions.ts).
import { OPEN_RUN_HOLD_MINUTES, type trainingOperations } from '../../../contract/service/training.ts';
import type { BackgroundWorker } from '../../deps/background-worker.ts';
import { notFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/handler.ts';
import { resetTrainingData } from '../../simulation/reset.ts';
import type { Simulation } from '../../simulation/simulation.ts';
import { cancelPrescription, changePrescription } from './prescription-changes.ts';

/** Decisions: a step with no minutes is one simulated hour; a reset with no body builds what the CLI builds by default. */
export const DEFAULT_STEP_MINUTES = 60;
export const DEFAULT_RESET = { seed: 1, orders: 200 } as const;

/** Registers the simulation among the service's workers (it ticks while the service listens); answers its controls. */
export function trainingHandlers(
  simulation: Simulation,
  workers: BackgroundWorker[],
): Handlers<{ training: typeof trainingOperations }>['training'] {
  workers.push(simulation);
  return {
    /** A station's run of the order opened (held from the floor for a while, renewed by each call) or closed. */
    openRun({ db, params, body, user }) {
      const order = db.get<{ id: string }>('SELECT id FROM orders WHERE id = ?', params.order_id);
      if (!order) throw notFound('order', params.order_id);
      if (!body.open) {
        db.run('DELETE FROM simulation_open_runs WHERE order_id = ?', order.id);
        return { order_id: order.id, open: false, open_until: null };
      }
      const until = new Date(simulation.realNow().getTime() + OPEN_RUN_HOLD_MINUTES * 60_000).toISOString();
      db.run(
        `INSERT INTO simulation_open_runs (order_id, opened_by, open_until) VALUES (?, ?, ?)
         ON CONFLICT (order_id) DO UPDATE SET opened_by = excluded.opened_by, open_until = excluded.open_until`,
        order.id,
        user?.id ?? 'station',
        until,
      );
      return { order_id: order.id, open: true, open_until: until };
    },
    /** A prescriber's change of a prescription, played by a trainer (no event: the service's catalogue has none). */
    changePrescription({ db, params, body, now }) {
      return changePrescription(db, params.prescription_id, body, now);
    },
    /** A prescriber's cancellation: prescription.cancelled goes out. */
    cancelPrescription({ db, params, body, now }) {
      return cancelPrescription(db, params.prescription_id, body, now);
    },
    simulationState() {
      return simulation.state();
    },
    simulation({ body }) {
      return simulation.update({
        running: body.running,
        speed: body.speed,
        stuckProbability: body.stuck_probability,
        seed: body.seed,
      });
    },
    step({ body }) {
      return simulation.step(body?.minutes ?? DEFAULT_STEP_MINUTES);
    },
    reset({ db, body, now }) {
      const seed = body?.seed ?? DEFAULT_RESET.seed;
      const result = resetTrainingData(db, { seed, orders: body?.orders ?? DEFAULT_RESET.orders, now });
      simulation.restart(now, seed);
      return { ...result, reset_at: now.toISOString() };
    },
  };
}
