// ARCHITECTURE.md's paths of one scan, one print and one review stay short and honest: each numbered step names an
// existing file, at most 25 steps, and at most 3 places are marked where "go to definition" cannot follow, each saying
// why. The introduction gives both counts as they are: the steps, and every file the numbered list names (the steps and
// the files they call on the way, in brackets), so a helper added to the list without its count fails here; a path
// past 25 files in all says so. Every file of the rules a named rule imports runs with it, so it is named too: a
// check split into a file of its own, or a day helper a check calls, cannot go uncounted.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const page = readFileSync(resolve(root, 'ARCHITECTURE.md'), 'utf8');

/** The text of the `## ` section whose heading starts with `heading`, up to the next `## ` heading. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}`);
  if (start < 0) return '';
  const next = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, next < 0 ? undefined : next);
}

/** The file each numbered step is handed on through: the first quoted path of a line `N. \`path\``. */
function stepFiles(text: string): string[] {
  return [...text.matchAll(/^\s*\d+\. `([^`\s]+)`/gm)].map((match) => match[1] as string);
}

/** The text with every run of white space, line ends included, as one space: a figure may wrap. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ');

/** The numbered list: from its first `1. ` line to the first blank line after it. */
function numberedList(text: string): string {
  const start = text.search(/^1\. /m);
  if (start < 0) return '';
  const end = text.indexOf('\n\n', start);
  return text.slice(start, end < 0 ? undefined : end);
}

/** Every source file the numbered list names, steps and helpers, each once. */
function namedFiles(text: string): string[] {
  const paths = [...numberedList(text).matchAll(/`([a-z][\w./-]*\.tsx?)`/g)].map((match) => match[1] as string);
  return [...new Set(paths)];
}

/** The numbers of the places marked "trail lost (k/3)". */
function lostPlaces(text: string): Set<string> {
  const marks = [...text.matchAll(/trail lost \(([^)]*)\)/gi)].map((match) => match[1] as string);
  return new Set(marks.flatMap((mark) => [...mark.matchAll(/(\d+)\/3/g)].map((n) => n[1] as string)));
}

/** Each marked place with the text after it up to the next step: where it must say why. */
function lostMarks(text: string): string[] {
  return [...numberedList(text).matchAll(/\*\*[Tt]rail lost \([^)]*\)\*\*[\s\S]*?(?=\n\d+\. |$)/g)].map(
    (match) => match[0],
  );
}

/** The modules a source loads when it runs: its imports and re-exports, not those of types alone. */
function loadedSpecifiers(source: string): string[] {
  const statements = source.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^;'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm);
  return [...statements].map((match) => match[1] as string);
}

/** The rules' files `file` loads, directly or through each other (repository-relative, `.ts` only). */
function rulesLoadedBy(file: string, seen = new Set<string>()): Set<string> {
  for (const specifier of loadedSpecifiers(readFileSync(resolve(root, file), 'utf8'))) {
    if (!specifier.startsWith('.')) continue;
    const target = normalize(join(dirname(file), specifier));
    if (!target.startsWith('rules/') || !target.endsWith('.ts') || seen.has(target)) continue;
    seen.add(target);
    rulesLoadedBy(target, seen);
  }
  return seen;
}

describe.each([
  ['One scan, from the scan field to the service and back'],
  ['One print, from the Print label button to main'],
  ['One review, from "Open prescription" to the pharmacist'],
])('the path "%s"', (heading) => {
  const text = section(page, heading);

  it('lists at most 25 files, each existing, each once, as many as its introduction says', () => {
    const files = stepFiles(text);
    expect(files.length).toBeGreaterThan(10);
    expect(files.length).toBeLessThanOrEqual(25);
    expect(new Set(files).size).toBe(files.length);
    expect(files.filter((file) => !existsSync(resolve(root, file)))).toEqual([]);
    expect(oneLine(text)).toContain(`(${files.length} files`);
  });

  it('says how many files its numbered list names in all, each existing, and says so when past 25', () => {
    const named = namedFiles(text);
    expect(named.filter((file) => !existsSync(resolve(root, file)))).toEqual([]);
    expect(oneLine(text)).toContain(`(${named.length - stepFiles(text).length} more: ${named.length} files in all`);
    if (named.length > 25) expect(oneLine(text)).toContain(`${named.length} files in all, past the 25`);
  });

  it('names every file of the rules that a rule it names loads', () => {
    const named = namedFiles(text);
    const loaded = named.filter((file) => file.startsWith('rules/')).flatMap((file) => [...rulesLoadedBy(file)]);
    expect([...new Set(loaded)].filter((file) => !named.includes(file))).toEqual([]);
  });

  it('marks at most 3 places where "go to definition" cannot follow, each saying why', () => {
    const lost = lostPlaces(text);
    expect(lost.size).toBeGreaterThan(0);
    expect(lost.size).toBeLessThanOrEqual(3);
    for (const mark of lostMarks(text)) expect(mark).toMatch(/Why:/);
  });
});

describe('the path readers', () => {
  it('find numbered steps and lost places, and nothing in other text', () => {
    const text = 'intro (2 files)\n1. `a.ts`: x\n   **Trail lost (1/3)**: why\n2. `b.ts` [`c.ts`]\nnot `d.ts`';
    expect(stepFiles(text)).toEqual(['a.ts', 'b.ts']);
    expect([...lostPlaces(text)]).toEqual(['1']);
    expect(lostMarks(text)).toEqual(['**Trail lost (1/3)**: why']);
    expect([...lostPlaces('trail lost (1/3 and 2/3), then trail lost (3/3)')]).toEqual(['1', '2', '3']);
    expect(section('a\n## One x\nbody\n## Two\n', 'One x')).toBe('\n## One x\nbody');
    const listed = 'intro `z.ts`\n1. `a.ts` [`c.tsx`, `a.ts`]\n   more `d/e.ts`\n2. `b.ts`\n\nafter `f.ts`';
    expect(namedFiles(listed)).toEqual(['a.ts', 'c.tsx', 'd/e.ts', 'b.ts']);
  });

  it('read what a source loads: values and re-exports, not types alone', () => {
    const source = [
      "import type { A } from './a.ts';",
      "import { type B, c } from './c.ts';",
      "import {\n  d,\n  e,\n} from './d.ts';",
      "export type { F } from './f.ts';",
      "export { g } from './g.ts';",
      "import './h.ts';",
    ].join('\n');
    expect(loadedSpecifiers(source)).toEqual(['./c.ts', './d.ts', './g.ts', './h.ts']);
  });
});
