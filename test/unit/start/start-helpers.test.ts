// What `npm start` decides before it starts: whether a build is stale (by file times, set here, not waited for), and
// whether it may open a browser (never in CI, in tests, or without a desktop session).
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { staleness, type Target } from '../../../scripts/build-if-stale.ts';
import { canOpenBrowser } from '../../../scripts/open-browser.ts';

let base: string;
const target: Target = {
  label: 'the screens',
  outputs: ['out/index.html'],
  sources: ['src', 'config.ts'],
  commands: [],
};

function file(path: string, secondsSinceEpoch: number): void {
  const full = join(base, path);
  mkdirSync(join(full, '..'), { recursive: true });
  writeFileSync(full, path);
  utimesSync(full, secondsSinceEpoch, secondsSinceEpoch);
}

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'station-stale-'));
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe('whether the build is stale', () => {
  it('is when it was never built', () => {
    file('src/a.ts', 1000);
    expect(staleness(target, base)).toBe('not built yet');
  });

  it('is not when every source is older than the build, and is once one source changes after it', () => {
    file('src/a.ts', 1000);
    file('src/deep/b.ts', 1100);
    file('config.ts', 1000);
    utimesSync(join(base, 'src'), 1000, 1000);
    utimesSync(join(base, 'src', 'deep'), 1100, 1100);
    file('out/index.html', 2000);
    expect(staleness(target, base)).toBeNull();
    utimesSync(join(base, 'src', 'deep', 'b.ts'), 3000, 3000);
    expect(staleness(target, base)).toBe('older than its sources');
  });
});

describe('whether the browser shell opens a browser', () => {
  it('never in CI, when told not to, or without a desktop session', () => {
    expect(canOpenBrowser({ CI: 'true', DISPLAY: ':0' })).toBe(false);
    expect(canOpenBrowser({ STATION_NO_OPEN: '1', DISPLAY: ':0' })).toBe(false);
    expect(canOpenBrowser({})).toBe(false);
  });
});
