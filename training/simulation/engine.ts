// One run of the simulation up to the simulated now: settle what is due (stuck orders, requests, pauses), then move the floor.
import { moveFloor } from './floor.ts';
import { endPauses, honourCancellations, settleReplacements } from './requests.ts';
import { settleStuckOrders } from './stuck.ts';
import type { RunContext, StepSummary } from './work.ts';

/**
 * Runs everything due at `ctx.now` within the run's limits, in the caller's transaction (a tick's own, or the step
 * request's). Requests and stuck orders go first: they are few, and a held order must be released before the floor
 * looks at it.
 */
export function runDue(ctx: RunContext): StepSummary {
  settleStuckOrders(ctx);
  honourCancellations(ctx);
  settleReplacements(ctx);
  endPauses(ctx);
  moveFloor(ctx);
  return ctx.work.summary;
}
