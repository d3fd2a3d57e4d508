// A bounded load loop on loopback: a fixed number of requests at a fixed concurrency, with every latency kept.
import type { BenchRow } from './report.ts';
import { summarize } from './stats.ts';

export async function runLoad(
  name: string,
  options: { requests: number; concurrency: number; warmup?: number },
  request: (i: number) => Promise<void>,
): Promise<BenchRow> {
  for (let i = 0; i < (options.warmup ?? 100); i++) await request(-1 - i);
  const samples: number[] = [];
  let next = 0;
  const started = performance.now();
  async function worker(): Promise<void> {
    while (next < options.requests) {
      const i = next++;
      const t = performance.now();
      await request(i);
      samples.push(performance.now() - t);
    }
  }
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  return { name, perSecond: options.requests / seconds, latencyMs: summarize(samples) };
}
