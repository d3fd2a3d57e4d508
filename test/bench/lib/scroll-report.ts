// Figures of timed scrolls (see scroll-probe.ts): report rows for frame intervals and main-thread work a frame, each
// against a baseline scroll, p99 ratios (the report's table gives p50 and p95), and the per-run counts.
import { type BenchRow, compareToBaseline } from './report.ts';
import type { ScrollRun } from './scroll-probe.ts';
import { type LatencySummary, summarize } from './stats.ts';

export const LONG_FRAME_MS = 50;

export interface NamedRun {
  name: string;
  run: ScrollRun;
}

export function ratio(a: number, b: number): number {
  return Math.round((a / b) * 100) / 100;
}

export function ratios(of: LatencySummary, base: LatencySummary): { p50: number; p95: number; p99: number } {
  return { p50: ratio(of.p50, base.p50), p95: ratio(of.p95, base.p95), p99: ratio(of.p99, base.p99) };
}

function rowOf(name: string, samples: number[], run: ScrollRun): BenchRow {
  // Frames a second over the run, for both kinds of row: 1000 / mean work would not be a rate of anything.
  return { name, perSecond: run.frameMs.length / Math.max(0.001, run.totalMs / 1000), latencyMs: summarize(samples) };
}

/** Two groups of rows, the first run of `runs` being the baseline of each: frame intervals, then work a frame. */
export function scrollRows(runs: readonly NamedRun[]): BenchRow[] {
  const [base] = runs;
  if (!base) throw new Error('no scroll runs');
  const intervals = runs.map(({ name, run }) => rowOf(`frame interval: ${name}`, run.frameMs, run));
  const work = runs.map(({ name, run }) => rowOf(`main-thread work a frame: ${name}`, run.workMs, run));
  return [
    ...compareToBaseline(intervals, `frame interval: ${base.name}`),
    ...compareToBaseline(work, `main-thread work a frame: ${base.name}`),
  ];
}

function over(samples: readonly number[], ms: number): number {
  return samples.filter((sample) => sample > ms).length;
}

export function framesFacts(run: ScrollRun) {
  const long = over(run.frameMs, LONG_FRAME_MS);
  return {
    frames: run.frameMs.length,
    framesOver50ms: long,
    framesOver50msPer1000: Math.round((long / Math.max(1, run.frameMs.length)) * 10_000) / 10,
    /** Two vsync intervals or more: at least one frame not shown on time. */
    framesOver33ms: over(run.frameMs, 33.4),
    longestFrameMs: Math.round(Math.max(0, ...run.frameMs) * 10) / 10,
    /** The same count over the rAF timestamps' deltas, which under-report a blocked frame (see ScrollRun.frameMs). */
    framesOver50msByTimestamp: over(run.stampMs, LONG_FRAME_MS),
    longestWorkMs: Math.round(Math.max(0, ...run.workMs) * 10) / 10,
    waitingFrames: run.waitingFrames,
    placeholderFrames: run.placeholderFrames,
    maxRowsInDom: run.maxRowsInDom,
    scrollSeconds: Math.round(run.totalMs / 100) / 10,
    scrolledPx: Math.round(run.scrolledPx),
    finalScrollHeight: run.finalScrollHeight,
    longAnimationFrames: run.longAnimationFrames.length,
    longAnimationFramesBlockingMs: Math.round(run.longAnimationFrameBlockingMs.reduce((a, b) => a + b, 0)),
    longTasks: run.longTasks.length,
    performanceEntriesObserved: run.observed,
  };
}

/** "p50/p95/p99 a/b/c ms = ×r/×s/×t the baseline" */
export function percentilesLine(of: LatencySummary, base: LatencySummary): string {
  const r = ratios(of, base);
  return `p50/p95/p99 ${of.p50}/${of.p95}/${of.p99} ms = ×${r.p50}/×${r.p95}/×${r.p99} the baseline (${base.p50}/${base.p95}/${base.p99} ms)`;
}
