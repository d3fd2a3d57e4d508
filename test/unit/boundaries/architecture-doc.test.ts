// ARCHITECTURE.md names real places: every repository path it quotes exists, so the map cannot drift from the tree
// unnoticed (a moved file fails this test until the page says where it went).
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

/** The quoted repository paths of a Markdown text: `contract/…`, `main/…` and the like, without placeholders. */
function quotedPaths(markdown: string): string[] {
  const quoted = [...markdown.matchAll(/`([^`\s]+)`/g)].map((match) => match[1] as string);
  return [...new Set(quoted)].filter(
    (text) => /^(contract|main|preload|renderer|resources|test|scripts)\//.test(text) && !/[<>…*]/.test(text),
  );
}

describe('ARCHITECTURE.md', () => {
  const page = readFileSync(resolve(root, 'ARCHITECTURE.md'), 'utf8');

  it('quotes only paths that exist', () => {
    const paths = quotedPaths(page);
    expect(paths.length).toBeGreaterThan(30);
    expect(paths.filter((path) => !existsSync(resolve(root, path)))).toEqual([]);
  });

  it('reads quoted paths and leaves placeholders and other code alone', () => {
    expect(quotedPaths('`main/x.ts` and `renderer/screens/<screen>/` and `scan:resolve` and `main/a.ts`')).toEqual([
      'main/x.ts',
      'main/a.ts',
    ]);
  });
});
