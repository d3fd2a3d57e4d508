// The training controls: read, run, pause, re-speed and step the simulation, and reset the demo data (admins; see auth/permissions.ts).
import type { trainingOperations } from '../../../../contract/service/training.ts';
import type { Handlers } from '../../http/handler.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { resetTrainingData } from '../../simulation/reset.ts';

/** Decisions: a step with no minutes is one simulated hour; a reset with no body builds what the CLI builds by default. */
export const DEFAULT_STEP_MINUTES = 60;
export const DEFAULT_RESET = { seed: 1, orders: 200 } as const;

export function trainingHandlers(deps: ServiceDeps): Handlers<{ training: typeof trainingOperations }>['training'] {
  const { simulation } = deps;
  deps.workers.push(simulation);
  return {
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
