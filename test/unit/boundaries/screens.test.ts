// Screens do not import screens (issue 16): every crossing is listed, so the message says what is left to move.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenOf, screenViolations } from './screen-rules.ts';

const root = resolve(import.meta.dirname, '../../..');

function screenFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'renderer/screens'], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed.split('\n').filter((f) => /\.tsx?$/.test(f) && screenOf(f) !== null);
}

describe('screens do not import screens', () => {
  it('no file in renderer/screens/<a>/ imports from renderer/screens/<b>/', () => {
    const files = screenFiles();
    expect(files.length).toBeGreaterThan(100);
    const problems = files.flatMap((f) => screenViolations(f, readFileSync(resolve(root, f), 'utf8')));
    expect(problems).toEqual([]);
  });

  it('an import into another screen is caught, with both screens named', () => {
    expect(
      screenViolations('renderer/screens/order/VerifiedHere.tsx', "import { x } from '../verify/queries.ts';"),
    ).toEqual([
      "renderer/screens/order/VerifiedHere.tsx: the order screen imports the verify screen ('../verify/queries.ts'); move the shared piece to a kit",
    ]);
    expect(
      screenViolations('renderer/screens/verify/codes/gtin.ts', "import type { A } from '../../order/format.ts';"),
    ).toHaveLength(1);
    expect(
      // A dynamic import counts too, however the path is spelled.
      screenViolations('renderer/screens/verify/x.ts', "const m = await import('../../screens/feed/a.ts');"),
    ).toHaveLength(1);
  });

  it('imports within the screen, from kits, and from outside renderer/screens are allowed', () => {
    expect(screenViolations('renderer/screens/verify/a.ts', "import { b } from './codes/b.ts';")).toEqual([]);
    expect(screenViolations('renderer/screens/verify/codes/a.ts', "import { b } from '../match.ts';")).toEqual([]);
    expect(screenViolations('renderer/screens/order/a.ts', "import { w } from '../../format/when.ts';")).toEqual([]);
    expect(
      screenViolations('renderer/app/Screen.tsx', "import { V } from '../screens/verify/VerifyScreen.tsx';"),
    ).toEqual([]);
  });
});
