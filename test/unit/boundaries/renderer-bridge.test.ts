// The renderer reaches main only through renderer/queries/: no file elsewhere calls station() or touches
// window.station (issue 28: 23 files did). A screen or kit calls a query, a mutation or a function of queries/.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourcesUnder } from './import-graph.ts';

const root = resolve(import.meta.dirname, '../../..');

/** The lines of `source` (comments left out) that call the bridge directly. */
function bridgeCalls(source: string): string[] {
  return source
    .split('\n')
    .map((line) => line.replace(/\/\/.*$/, ''))
    .filter((line) => /\bstation\(\s*\)|\bwindow\.station\b/.test(line))
    .map((line) => line.trim());
}

describe('the bridge is called only from renderer/queries/', () => {
  it('no renderer file outside renderer/queries/ calls station() or window.station', () => {
    const files = sourcesUnder(root, 'renderer');
    expect(files.length).toBeGreaterThan(300);
    const outside = files
      .filter((file) => !file.startsWith('renderer/queries/'))
      .flatMap((file) => bridgeCalls(readFileSync(resolve(root, file), 'utf8')).map((line) => `${file}: ${line}`));
    expect(outside).toEqual([]);
  });

  it('finds a call however it is spelled, and not one in a comment', () => {
    expect(bridgeCalls('const a = await unwrap(station().orders.get({ params }));')).toHaveLength(1);
    expect(bridgeCalls('return station( ).on("x", f);')).toHaveLength(1);
    expect(bridgeCalls('const api = window.station;')).toHaveLength(1);
    expect(bridgeCalls('// read through window.station and station()')).toEqual([]);
    expect(bridgeCalls('const stations = useStations();')).toEqual([]);
  });
});
