// The lint's second half (`npm run lint`): no import cycle between folders. Biome's noImportCycles finds loops between
// files; this finds them between folders, which is where a room's direction is lost first. A folder is the files
// directly in it; a barrel `X.ts` beside its folder `X/` belongs to that folder. Type-only imports count, as they do
// for Biome. Prints each cycle with the imports that make it and exits 1; prints nothing and exits 0 when there is none.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { posix, resolve } from 'node:path';

/** Where a relative import points, read from a file's text: static, re-export, side-effect and dynamic imports. */
export function relativeImports(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const patterns = [
    /\b(?:import|export)\b[^'";]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/g,
    /\bimport\s*['"](\.{1,2}\/[^'"]+)['"]/g,
    /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1] as string));
}

/** The folder a source file belongs to: its own, or the folder its name is the barrel of. */
export function folderOf(file: string, folders: ReadonlySet<string>): string {
  const bare = file.replace(/\.tsx?$/, '');
  return folders.has(bare) ? bare : posix.dirname(file);
}

/** One folder importing another, and the imports (`from => to`) that make it. */
export interface FolderEdge {
  from: string;
  to: string;
  imports: string[];
}

/** The folder graph of `sources` (repository-relative path → text); imports of files outside it are left out. */
export function folderGraph(sources: ReadonlyMap<string, string>): Map<string, Map<string, FolderEdge>> {
  const folders = new Set([...sources.keys()].flatMap((file) => ancestors(file)));
  const graph = new Map<string, Map<string, FolderEdge>>();
  for (const [file, text] of sources) {
    const from = folderOf(file, folders);
    for (const specifier of relativeImports(text)) {
      const target = posix.normalize(posix.join(posix.dirname(file), specifier));
      if (!sources.has(target)) continue;
      const to = folderOf(target, folders);
      if (to === from) continue;
      const edges = graph.get(from) ?? new Map<string, FolderEdge>();
      graph.set(from, edges);
      const edge = edges.get(to) ?? { from, to, imports: [] };
      edges.set(to, edge);
      edge.imports.push(`${file} => ${target}`);
    }
  }
  return graph;
}

function ancestors(file: string): string[] {
  const parts = file.split('/').slice(0, -1);
  return parts.map((_, index) => parts.slice(0, index + 1).join('/'));
}

/** Every set of two or more folders that import each other, round about (Tarjan's strongly connected components). */
export function folderCycles(graph: ReadonlyMap<string, ReadonlyMap<string, FolderEdge>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (folder: string) => {
    index.set(folder, index.size);
    low.set(folder, index.get(folder) as number);
    stack.push(folder);
    onStack.add(folder);
    for (const next of graph.get(folder)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(folder, Math.min(low.get(folder) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(folder, Math.min(low.get(folder) as number, index.get(next) as number));
      }
    }
    if (low.get(folder) !== index.get(folder)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== folder);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const folder of [...graph.keys()].sort()) if (!index.has(folder)) visit(folder);
  return cycles;
}

/** The app's tracked TypeScript sources (tests, data and generated files aside), read. */
export function appSources(root: string): Map<string, string> {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  const files = listed.split('\n').filter((file) => /^(contract|main|preload|renderer|scripts)\/.*\.tsx?$/.test(file));
  return new Map(files.map((file) => [file, readFileSync(resolve(root, file), 'utf8')]));
}

if (import.meta.main) {
  const graph = folderGraph(appSources(resolve(import.meta.dirname, '..')));
  const cycles = folderCycles(graph);
  for (const cycle of cycles) {
    const members = new Set(cycle);
    console.error(`Folders importing each other, round about: ${cycle.join(', ')}`);
    for (const from of cycle) {
      for (const edge of graph.get(from)?.values() ?? []) {
        if (members.has(edge.to)) console.error(`  ${from} -> ${edge.to}: ${edge.imports.join('; ')}`);
      }
    }
  }
  if (cycles.length > 0) {
    console.error(
      `${cycles.length} cycle(s) between folders: point every import of a cycle one way (ARCHITECTURE.md).`,
    );
    process.exit(1);
  }
}
