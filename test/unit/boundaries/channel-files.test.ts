// A room's channels file (`main/**/*-channels.ts`) is the dispatcher's business: main/station/station.ts puts its
// handlers in the one table, and its own folder may build on it. What another room needs of a room (a helper, a parts
// type) comes from that room's `index.ts`, so "go to definition" never lands in a channels file from elsewhere.
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, sourcesUnder } from './import-graph.ts';
import { root } from './source-tree.ts';

const DISPATCHER = 'main/station/station.ts';
const isChannelsFile = (file: string) => /^main\/.*-channels\.ts$/.test(file);

/** Each `importer -> channels file` where the importer is neither the dispatcher nor in the channels file's folder. */
function reachesInto(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    if (file === DISPATCHER) continue;
    for (const target of targets)
      if (isChannelsFile(target) && dirname(target) !== dirname(file)) found.push(`${file} -> ${target}`);
  }
  return found.sort();
}

describe('channels files', () => {
  it('are imported only by the dispatcher and by their own folder', () => {
    const graph = importGraph(root, [...sourcesUnder(root, 'main'), ...sourcesUnder(root, 'scripts')]);
    expect([...graph.keys()].filter(isChannelsFile).length).toBeGreaterThan(10);
    expect(reachesInto(graph)).toEqual([]);
  });

  it('the reader finds an import from another room, and lets the dispatcher and the same folder by', () => {
    const graph = new Map([
      ['main/work/print/print-channels.ts', ['main/service/settings/settings-channels.ts']],
      ['main/station/station.ts', ['main/work/print/print-channels.ts']],
      ['main/events/events-channels.ts', ['main/events/pharmacy-channels.ts']],
      ['main/station/wiring.ts', ['main/events/index.ts']],
    ]);
    expect(reachesInto(graph)).toEqual([
      'main/work/print/print-channels.ts -> main/service/settings/settings-channels.ts',
    ]);
  });
});
