// The training simulation in words and numbers: the clock drawn between reads, speeds, what a step did, and the
// typed numbers (speed, step minutes, reset seed and size) checked by the contract before they are sent.

import { orderStatuses } from '../../../contract/service/orders.ts';
import {
  RESET_ORDERS_MAX,
  SEED_MAX,
  SIMULATION_SPEED_MAX,
  SIMULATION_SPEED_MIN,
  SIMULATION_STEP_MAX_MINUTES,
  type SimulationState,
  type SimulationSummary,
  simulationStepBody,
  simulationUpdateBody,
  trainingResetBody,
} from '../../../contract/service/training.ts';

/** Simulated seconds per real second right now: the speed while running, 1 while paused (the clock keeps pace). */
export function timeScaleOf(state: Pick<SimulationState, 'running' | 'speed' | 'time_scale'>): number {
  if (typeof state.time_scale === 'number' && state.time_scale > 0) return state.time_scale;
  return state.running ? state.speed : 1;
}

/** The simulated time now (ms), from the last read and the real time since it, so the clock moves between reads. */
export function liveClockMs(
  state: Pick<SimulationState, 'running' | 'speed' | 'time_scale' | 'simulated_now'>,
  readAtMs: number,
  nowMs: number,
): number | null {
  const base = Date.parse(state.simulated_now);
  if (Number.isNaN(base)) return null;
  return base + Math.max(0, nowMs - readAtMs) * timeScaleOf(state);
}

const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });
const time = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hour12: false });

/** "Tue, Mar 3, 2026" and "14:32", local time: a clock for people. */
export function clockWords(ms: number): { day: string; time: string } {
  const date = new Date(ms);
  return { day: weekday.format(date), time: time.format(date) };
}

/** "real time", "1 simulated minute a second", "2 simulated hours a second", "90× real time". */
export function speedWords(speed: number): string {
  if (speed === 1) return 'real time';
  if (speed % 3600 === 0) {
    const hours = speed / 3600;
    return `${hours} simulated ${hours === 1 ? 'hour' : 'hours'} a second`;
  }
  if (speed % 60 === 0) {
    const minutes = speed / 60;
    return `${minutes} simulated ${minutes === 1 ? 'minute' : 'minutes'} a second`;
  }
  return `${speed}× real time`;
}

/** Speeds a trainer picks most: real time, a minute, ten minutes and an hour a second. */
export const SPEED_PRESETS = [1, 60, 600, 3600] as const;

/** "45 minutes", "1 hour", "1 day 2 hours". */
export function durationWords(minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts = [
    days ? `${days} ${days === 1 ? 'day' : 'days'}` : '',
    hours ? `${hours} ${hours === 1 ? 'hour' : 'hours'}` : '',
    rest ? `${rest} ${rest === 1 ? 'minute' : 'minutes'}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' ') : '0 minutes';
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** A whole or decimal number as typed, or null; no exponents, no words. */
function numberOf(text: string): number | null {
  const trimmed = text.trim();
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : null;
}

export function parseSpeed(text: string): Parsed<number> {
  const value = numberOf(text);
  const message = `A speed from ${SIMULATION_SPEED_MIN} to ${SIMULATION_SPEED_MAX} simulated seconds a real second.`;
  if (value === null) return { ok: false, error: message };
  const parsed = simulationUpdateBody.safeParse({ speed: value });
  return parsed.success ? { ok: true, value } : { ok: false, error: message };
}

export function parseStepMinutes(text: string): Parsed<number> {
  const value = numberOf(text);
  const message = `Whole minutes from 1 to ${SIMULATION_STEP_MAX_MINUTES} (a week).`;
  if (value === null) return { ok: false, error: message };
  const parsed = simulationStepBody.safeParse({ minutes: value });
  return parsed.success ? { ok: true, value } : { ok: false, error: message };
}

export interface ResetValues {
  seed: string;
  orders: string;
}

/** The reset's seed and number of orders as typed; each field's problem beside it. */
export function parseReset(
  values: ResetValues,
):
  | { ok: true; body: { seed: number; orders: number } }
  | { ok: false; errors: Partial<Record<keyof ResetValues, string>> } {
  const seed = numberOf(values.seed);
  const orders = numberOf(values.orders);
  const errors: Partial<Record<keyof ResetValues, string>> = {};
  const body = { seed: seed ?? Number.NaN, orders: orders ?? Number.NaN };
  const parsed = trainingResetBody.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if (key === 'seed') errors.seed = `A whole number from 0 to ${SEED_MAX}.`;
      if (key === 'orders') errors.orders = `A whole number of orders from 0 to ${RESET_ORDERS_MAX}.`;
    }
  }
  return Object.keys(errors).length === 0 ? { ok: true, body } : { ok: false, errors };
}

const statusName = new Map<string, string>(orderStatuses.map((status) => [status.status, status.name]));

/** What a step did, in one or two sentences: orders moved by status, then what else happened. */
export function stepSummaryWords(summary: SimulationSummary): string {
  const moved = Object.entries(summary.moved ?? {})
    .filter(([, count]) => count > 0)
    .map(([status, count]) => `${count} to ${(statusName.get(status) ?? status.replaceAll('_', ' ')).toLowerCase()}`);
  const others: [number | null | undefined, string][] = [
    [summary.stuck, 'stuck'],
    [summary.unstuck, 'unstuck'],
    [summary.cancellations_honoured, 'cancellations honoured'],
    [summary.replacements_approved, 'replacements approved'],
    [summary.replacements_rejected, 'replacements rejected'],
    [summary.prescriptions_cancelled, 'prescriptions cancelled'],
  ];
  const extra = others.filter(([count]) => (count ?? 0) > 0).map(([count, words]) => `${count} ${words}`);
  const total = summary.orders_moved ?? 0;
  const first =
    moved.length > 0
      ? `${total} ${total === 1 ? 'order' : 'orders'} moved: ${moved.join(', ')}.`
      : 'No order was due to move.';
  const second = extra.length > 0 ? ` Also ${extra.join(', ')}.` : '';
  const more = summary.more_due ? ' More was due than one step does: the simulation carries on with it.' : '';
  return `${first}${second}${more}`;
}
