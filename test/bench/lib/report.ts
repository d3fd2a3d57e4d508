// Prints a benchmark's figures as a table and writes them as JSON under test/bench/results/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import type { ScanTiming } from './scan-probe.ts';
import { type LatencySummary, summarize } from './stats.ts';

export interface BenchRow {
  name: string;
  /** Requests (or operations) per second over the whole run. */
  perSecond: number;
  latencyMs: LatencySummary;
  /** This row's p50, p95 and throughput against the baseline row of the same run. */
  vsBaseline?: { p50Ratio: number; p95Ratio: number; perSecondRatio: number };
}

/** A row of latencies (ms), its throughput the inverse of their mean. */
export function latencyRow(name: string, samples: number[]): BenchRow {
  const latencyMs = summarize(samples);
  return { name, perSecond: 1000 / latencyMs.mean, latencyMs };
}

/** The three rows of a timed scan: in the DOM, painted, and the frame after (the names in that order). */
export function scanTimingRows(names: readonly [string, string, string], timings: readonly ScanTiming[]): BenchRow[] {
  return [
    latencyRow(
      names[0],
      timings.map((t) => t.committed),
    ),
    latencyRow(
      names[1],
      timings.map((t) => t.painted),
    ),
    latencyRow(
      names[2],
      timings.map((t) => t.nextFrame),
    ),
  ];
}

export function compareToBaseline(rows: BenchRow[], baselineName: string): BenchRow[] {
  const base = rows.find((r) => r.name === baselineName);
  if (!base) throw new Error(`no baseline row ${baselineName}`);
  const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
  return rows.map((r) => ({
    ...r,
    vsBaseline: {
      p50Ratio: ratio(r.latencyMs.p50, base.latencyMs.p50),
      p95Ratio: ratio(r.latencyMs.p95, base.latencyMs.p95),
      perSecondRatio: ratio(r.perSecond, base.perSecond),
    },
  }));
}

export function report(bench: string, rows: BenchRow[], notes: Record<string, unknown> = {}): string {
  console.log(`\nbenchmark ${bench} (${cpus().length} cores, node ${process.version})`);
  console.table(
    rows.map((r) => ({
      name: r.name,
      'req/s': Math.round(r.perSecond),
      'p50 ms': r.latencyMs.p50,
      'p95 ms': r.latencyMs.p95,
      'p99 ms': r.latencyMs.p99,
      samples: r.latencyMs.samples,
      'p50 ×base': r.vsBaseline?.p50Ratio ?? '',
      'p95 ×base': r.vsBaseline?.p95Ratio ?? '',
      'req/s ×base': r.vsBaseline?.perSecondRatio ?? '',
    })),
  );
  const dir = resolve(import.meta.dirname, '..', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${bench}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const body = { bench, at: new Date().toISOString(), node: process.version, cores: cpus().length, notes, rows };
  writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
  console.log(`written ${file}`);
  return file;
}
