// The repository's files as git sees them (tracked, or new and not ignored), for the checks over the whole tree.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../../..');

/** Every file of the tree (repository-relative), or of one folder of it. */
export function treeFiles(folder?: string): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', ...(folder ? [folder] : [])],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return listed.split('\n').filter(Boolean);
}

/** A TypeScript source file of the app, its programs or its scripts (contract, rules, kits, training, relay, main, preload,
 * renderer, scripts). */
export const isAppSource = (file: string) =>
  /^(contract|rules|kits|training|relay|main|preload|renderer|scripts)\/.*\.tsx?$/.test(file);
