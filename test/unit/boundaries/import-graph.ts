// The import graph of the source tree (type-only imports included: a loop through types is a loop in the design)
// and its loops. The room rules live beside it: rules.ts, screen-rules.ts, training-room.test.ts, kit-imports.test.ts.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { importsOf } from './rules.ts';

export type ImportGraph = Map<string, string[]>;

/** The TypeScript sources git knows below `folder` (tracked, or new and not ignored), repository-relative. */
export function sourcesUnder(root: string, folder: string, pattern = /\.tsx?$/): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', folder], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed.split('\n').filter((file) => pattern.test(file));
}

/** The repository-relative file a relative specifier names, or null for a package or a non-source file. */
export function resolveLocal(root: string, file: string, specifier: string, known: Set<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = normalize(join(dirname(file), specifier));
  const bare = base.replace(/\.(js|ts|tsx)$/, '');
  for (const candidate of [base, `${bare}.ts`, `${bare}.tsx`, `${bare}/index.ts`, `${bare}/index.tsx`]) {
    if (known.has(candidate)) return candidate;
  }
  return existsSync(join(root, base)) ? base : null;
}

/** Every source file's local imports, as repository-relative paths. */
export function importGraph(root: string, files: string[]): ImportGraph {
  const known = new Set(files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const source = readFileSync(join(root, file), 'utf8');
    const targets = importsOf(source)
      .map((specifier) => resolveLocal(root, file, specifier, known))
      .filter((target): target is string => target !== null && known.has(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The loops of a graph: each strongly connected set of two or more files (or a file importing itself), sorted. */
export function importLoops(graph: ImportGraph): string[][] {
  // Tarjan's algorithm, iterative so a deep tree cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const loops: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; edge: number }> = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; edge: number };
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++] as string;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(to) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const members: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        members.push(member);
      } while (member !== frame.node);
      const selfLoop = members.length === 1 && edges.includes(frame.node);
      if (members.length > 1 || selfLoop) loops.push(members.sort());
    }
  }
  return loops;
}
