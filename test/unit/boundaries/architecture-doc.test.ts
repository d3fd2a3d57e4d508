// The docs name real places: every repository path ARCHITECTURE.md and each README.md quotes or names, and every path
// a source comment names, exists (or is a place the build makes, which git ignores), so a moved file fails this test
// until the page or the comment says where it went. The README's install line names every Debian package CI installs.
// ARCHITECTURE's paths are held by paths-doc.test.ts.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, treeFiles } from './source-tree.ts';

const TOP = '(?:contract|rules|kits|training|relay|main|preload|renderer|resources|test|scripts|docs|\\.ci)';
/** A path from the repository's root: a top-level folder, then at least one more part. */
const fromRoot = new RegExp(`^${TOP}/`);
/** The same inside running text: not the tail of a longer path or word (`../main/x.ts`, `out/main/…`). */
const inText = new RegExp(`(?<![\\w./@<-])${TOP}/[\\w./-]*[\\w/]`, 'g');
/** A file's name, as opposed to a folder or a channel name (`scan:resolve`) or a phrase (`scripts/styles/fonts`). */
const namesFile = (path: string) => /\.(tsx?|mjs|md|json|ya?ml|css|txt|sh|html|svg|png)$/.test(path);
const placeholder = (path: string) => /[<>…*{}$|]/.test(path);
/** `main/x.ts:12` and `README.md#anchor` name the file. */
const fileOf = (path: string) => path.replace(/[:#].*$/, '').replace(/\.+$/, '');

/** The quoted repository paths of a Markdown text: `contract/…`, `main/…` and the like, without placeholders. */
function quotedPaths(markdown: string): string[] {
  const quoted = [...markdown.matchAll(/`([^`\s]+)`/g)].map((match) => fileOf(match[1] as string));
  return [...new Set(quoted)].filter((text) => fromRoot.test(text) && !placeholder(text));
}

/** Quoted file names with a folder but not from the root (`app/Screen.tsx`): read from the page's own folder. */
function quotedRelativeFiles(markdown: string): string[] {
  const quoted = [...markdown.matchAll(/`([^`\s]+)`/g)].map((match) => fileOf(match[1] as string));
  return [...new Set(quoted)].filter(
    (text) =>
      text.includes('/') && namesFile(text) && !fromRoot.test(text) && !placeholder(text) && !/^[./~]/.test(text),
  );
}

/** File paths from the root named in running text or a comment, quoted or not (folders only with a final `/`). */
function namedPaths(text: string): string[] {
  const named = [...text.matchAll(inText)].map((match) => fileOf(match[0]));
  return [...new Set(named)].filter((path) => !placeholder(path) && (namesFile(path) || path.endsWith('/')));
}

/** The comments of a TypeScript source: `// …` lines and `/* … *\/` blocks (a URL's `//` is read as one: harmless). */
function commentsOf(source: string): string {
  return [...source.matchAll(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g)].map((match) => match[0]).join('\n');
}

/** A place that is missing and not one the build or a run makes (git ignores those: `resources/build/`, `out/`). */
function missing(paths: string[], from = root): string[] {
  return paths.filter((path) => {
    if (existsSync(resolve(from, path))) return false;
    const fromTheRoot = relative(root, resolve(from, path)) + (path.endsWith('/') ? '/' : '');
    try {
      execFileSync('git', ['check-ignore', '-q', '--no-index', fromTheRoot], { cwd: root });
      return false;
    } catch {
      return true;
    }
  });
}

const pages = treeFiles().filter((file) => file === 'ARCHITECTURE.md' || /(^|\/)README\.md$/.test(file));
/** The app's sources, its scripts and its tests; this file's own examples of wrong paths are not comments to check. */
const sources = treeFiles().filter(
  (file) => /\.(tsx?|mjs)$/.test(file) && file !== 'test/unit/boundaries/architecture-doc.test.ts',
);

describe('the docs', () => {
  it('are every README in the tree and ARCHITECTURE.md', () => {
    expect(pages).toContain('ARCHITECTURE.md');
    expect(pages).toContain('main/work/README.md');
    expect(pages.length).toBeGreaterThan(40);
  });

  it('ARCHITECTURE.md quotes enough paths to be a map', () => {
    expect(quotedPaths(readFileSync(resolve(root, 'ARCHITECTURE.md'), 'utf8')).length).toBeGreaterThan(30);
  });

  it.each(pages)('%s names only paths that exist', (page) => {
    const text = readFileSync(resolve(root, page), 'utf8');
    // A README's folder-relative names are read from its folder (ARCHITECTURE's tables name them per row, unchecked).
    const relativeNames = page === 'ARCHITECTURE.md' ? [] : quotedRelativeFiles(text);
    const fromItsFolder = relativeNames.filter(
      (path) => !existsSync(resolve(root, path)) && missing([path], resolve(root, dirname(page))).length > 0,
    );
    expect([...missing([...quotedPaths(text), ...namedPaths(text)]), ...fromItsFolder]).toEqual([]);
  });

  it('every source comment names only paths that exist', () => {
    const wrong = sources.flatMap((file) =>
      missing(namedPaths(commentsOf(readFileSync(resolve(root, file), 'utf8')))).map((path) => `${file}: ${path}`),
    );
    expect(sources.length).toBeGreaterThan(500);
    expect(wrong).toEqual([]);
  });

  it("the README's install line names every Debian package the tests need (scripts/debian-packages.txt)", () => {
    const listed = readFileSync(resolve(root, 'scripts/debian-packages.txt'), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('#'))
      .map((line) => line.split(/\s+/)[0] as string);
    const line = readFileSync(resolve(root, 'README.md'), 'utf8')
      .split('\n')
      .find((text) => text.startsWith('apt-get update && apt-get install'));
    expect(listed.length).toBeGreaterThan(5);
    expect(listed.filter((pkg) => !line?.split(' ').includes(pkg))).toEqual([]);
  });
});

describe('the path readers', () => {
  it('read quoted paths and leave placeholders and other code alone', () => {
    expect(quotedPaths('`main/x.ts` and `renderer/screens/<screen>/` and `scan:resolve` and `main/a.ts:12`')).toEqual([
      'main/x.ts',
      'main/a.ts',
    ]);
    expect(quotedRelativeFiles('`app/Screen.tsx`, `main/x.ts`, `./y.ts`, `x.ts` and `feed/<name>.ts`')).toEqual([
      'app/Screen.tsx',
    ]);
  });

  it('find paths in running text and comments: files, and folders with a final slash, not phrases', () => {
    const text =
      '// see main/work/print/print-gate.ts, test/unit/ and scripts/styles/fonts; not ../main/a.ts or out/main/b.ts.';
    expect(namedPaths(text)).toEqual(['main/work/print/print-gate.ts', 'test/unit/']);
    expect(commentsOf('const a = 1; // one\n/* two\n three */ const b = "//x";')).toContain('/* two\n three */');
  });

  it('count a missing path, and not a place the build makes', () => {
    expect(missing(['main/nowhere.ts', 'main/README.md', 'resources/build/'])).toEqual(['main/nowhere.ts']);
  });
});
