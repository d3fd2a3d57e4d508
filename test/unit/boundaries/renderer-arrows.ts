// Upward arrows in the renderer, counted on its folder-level import graph. A folder is `app` (the shell), a screen
// (`screens/<name>`) or a kit (any other first-level folder: `widgets`, `scan`, `queries`…). The shell sits on top,
// screens under it, kits at the bottom. An arrow points up when a kit imports the shell or a screen, when a screen
// imports the shell, or when two folders import each other (the pair counts once, as one arrow goes back up).
import type { ImportGraph } from './import-graph.ts';

/** The folder of a repository-relative renderer path: `app`, `screens/<name>`, a kit's name, or null (the entry). */
export function rendererFolder(path: string): string | null {
  const parts = path.split('/');
  if (parts[0] !== 'renderer' || parts.length < 3) return null;
  if (parts[1] === 'screens') return parts.length > 3 ? `screens/${parts[2]}` : null;
  return parts[1] ?? null;
}

const rank = (folder: string): number => (folder === 'app' ? 2 : folder.startsWith('screens/') ? 1 : 0);

/** The folder-level edges of the renderer's file graph, as "from -> to" with the file imports behind each. */
export function folderEdges(graph: ImportGraph): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const [file, targets] of graph) {
    const from = rendererFolder(file);
    for (const target of targets) {
      const to = rendererFolder(target);
      if (from === null || to === null || from === to) continue;
      const key = `${from} -> ${to}`;
      edges.set(key, [...(edges.get(key) ?? []), `${file} -> ${target}`]);
    }
  }
  return edges;
}

/** Every upward arrow, each with the file imports that make it, sorted. */
export function upwardArrows(graph: ImportGraph): string[] {
  const edges = folderEdges(graph);
  const arrows: string[] = [];
  for (const [key, imports] of edges) {
    const [from, to] = key.split(' -> ') as [string, string];
    const back = edges.get(`${to} -> ${from}`);
    if (back) {
      // A pair: counted once, from the side that ranks lower (or the first by name among equals).
      const lower = rank(from) !== rank(to) ? rank(from) < rank(to) : from < to;
      if (lower) arrows.push(`${from} <-> ${to} (${imports.join(', ')})`);
    } else if (rank(from) < rank(to)) {
      arrows.push(`${key} (${imports.join(', ')})`);
    }
  }
  return arrows.sort();
}
