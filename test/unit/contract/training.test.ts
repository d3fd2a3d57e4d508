// The training controls' contract: bounded request bodies and tolerant answers for the simulation and the reset.
import { describe, expect, it } from 'vitest';
import {
  simulationStepBody,
  simulationUpdateBody,
  trainingOperations,
  trainingResetBody,
} from '../../../contract/service/training.ts';

const state = {
  running: true,
  speed: 60,
  simulated_now: '2026-03-16T22:55:37.920Z',
  started_at: '2026-03-16T20:00:00Z',
  steps: 3,
  stuck_probability: 0.02,
  seed: 1,
  time_scale: 60,
  lead_seconds: 7200,
  tick_interval_ms: 250,
  max_moves_per_tick: 100,
};

describe('the simulation update body', () => {
  it('takes any of running, speed, stuck probability and seed, or nothing', () => {
    expect(simulationUpdateBody.parse({})).toEqual({});
    expect(simulationUpdateBody.parse({ running: true, speed: 3600, stuck_probability: 1, seed: 0 })).toEqual({
      running: true,
      speed: 3600,
      stuck_probability: 1,
      seed: 0,
    });
    expect(simulationUpdateBody.parse({ speed: 1.5 }).speed).toBe(1.5);
  });

  it.each([
    ['a speed below real time', { speed: 0.99 }],
    ['a speed above 3600', { speed: 3601 }],
    ['an infinite speed', { speed: Number.POSITIVE_INFINITY }],
    ['a probability above 1', { stuck_probability: 1.01 }],
    ['a seed beyond 31 bits', { seed: 2 ** 31 }],
    ['running as a number', { running: 1 }],
    ['an unknown key', { pause: true }],
  ])('refuses %s', (_label, body) => {
    expect(simulationUpdateBody.safeParse(body).success).toBe(false);
  });
});

describe('the step and reset bodies', () => {
  it('may be left out', () => {
    expect(simulationStepBody.parse(undefined)).toBeUndefined();
    expect(trainingResetBody.parse(undefined)).toBeUndefined();
  });

  it('take whole minutes up to a week, and up to 5000 orders', () => {
    expect(simulationStepBody.parse({ minutes: 10_080 })).toEqual({ minutes: 10_080 });
    expect(trainingResetBody.parse({ seed: 7, orders: 5000 })).toEqual({ seed: 7, orders: 5000 });
  });

  it.each([
    [simulationStepBody, { minutes: 0 }],
    [simulationStepBody, { minutes: 10_081 }],
    [simulationStepBody, { minutes: 2.5 }],
    [simulationStepBody, { seconds: 30 }],
    [trainingResetBody, { orders: 5001 }],
    [trainingResetBody, { orders: -1 }],
    [trainingResetBody, { seed: 'abc' }],
    [trainingResetBody, { keep_orders: true }],
  ])('refuse out-of-bounds values and unknown keys (%#)', (schema, body) => {
    expect(schema.safeParse(body).success).toBe(false);
  });
});

describe('the training answers', () => {
  it('accept a simulation state, keeping fields the contract does not name', () => {
    const parsed = trainingOperations.simulationState.response.parse({ ...state, ticks: 12 });
    expect(parsed.ticks).toBe(12);
    expect(trainingOperations.simulation.response.safeParse(state).success).toBe(true);
  });

  it('accept a step with the state and a summary of what moved', () => {
    const answer = {
      state,
      summary: {
        from: '2026-03-16T22:55:37.920Z',
        to: '2026-03-16T23:55:37.920Z',
        moved: { data_entry: 4, shipped: 2 },
        orders_moved: 5,
        shipments_created: 2,
        stuck: 1,
        more_due: false,
      },
    };
    expect(trainingOperations.step.response.safeParse(answer).success).toBe(true);
  });

  it('accept a reset summary', () => {
    const answer = { seed: 7, orders: 30, patients: 15, prescribers: 6, tasks: 5, tables_wiped: ['orders'] };
    expect(trainingOperations.reset.response.safeParse(answer).success).toBe(true);
  });

  it('are all training-only operations under /api/v1/training', () => {
    for (const op of Object.values(trainingOperations)) {
      expect(op.source).toBe('training');
      expect(op.path.startsWith('/api/v1/training/')).toBe(true);
    }
  });
});
