// A Vite plugin that prints the renderer's initial JavaScript (gzip): the entry chunk and every chunk it imports
// statically, i.e. what loads before the first screen; lazy chunks (dynamic imports) are named apart. The figures also
// go to <outDir>/.vite/initial-size.json (beside Vite's own build metadata) for the lists benchmark to record.
// Sizes are of the files as written (source map comment included), gzip at zlib's default level 6, as a server would
// send them; Vite's own per-chunk gzip column uses another compressor, so it reads about 1 % higher.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** What the plugin needs of an output chunk (Rollup's and Rolldown's OutputChunk both have it). */
export interface ChunkFacts {
  fileName: string;
  name: string;
  isEntry: boolean;
  imports: readonly string[];
  dynamicImports: readonly string[];
}

export interface SizedFile {
  file: string;
  name: string;
  bytes: number;
  gzipBytes: number;
}

export interface InitialSize {
  /** The entry chunks and their static imports, followed transitively. */
  initial: SizedFile[];
  initialBytes: number;
  initialGzipBytes: number;
  /** Chunks loaded only through a dynamic import (React.lazy and the like): not paid for at start. */
  lazy: SizedFile[];
}

export const initialSizeFile = join('.vite', 'initial-size.json');

/** Splits the JavaScript chunks into what the first screen loads (entries + static imports) and the rest. */
export function initialSizeOf(chunks: readonly ChunkFacts[], read: (file: string) => Buffer): InitialSize {
  const sized = (chunk: ChunkFacts): SizedFile => {
    const code = read(chunk.fileName);
    return { file: chunk.fileName, name: chunk.name, bytes: code.length, gzipBytes: gzipSync(code).length };
  };
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const initialFiles = new Set<string>();
  const pending = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (initialFiles.has(file)) continue;
    initialFiles.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) if (byFile.has(imported)) pending.push(imported);
  }
  const initial = chunks.filter((chunk) => initialFiles.has(chunk.fileName)).map(sized);
  const lazy = chunks.filter((chunk) => !initialFiles.has(chunk.fileName)).map(sized);
  lazy.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    initial,
    initialBytes: initial.reduce((sum, file) => sum + file.bytes, 0),
    initialGzipBytes: initial.reduce((sum, file) => sum + file.gzipBytes, 0),
    lazy,
  };
}

/** Kilobytes as Vite prints them (1 kB = 1,000 bytes). */
export function kB(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

/** The one line the build prints. */
export function describeInitialSize(size: InitialSize): string {
  const lazy = size.lazy.length > 0 ? size.lazy.map((file) => `${file.name} ${kB(file.gzipBytes)}`).join(', ') : 'none';
  return `renderer initial JavaScript: ${kB(size.initialGzipBytes)} gzip (${kB(size.initialBytes)} minified; entry + its static imports, ${size.initial.length} ${size.initial.length === 1 ? 'chunk' : 'chunks'}; lazy chunks: ${lazy})`;
}

export function initialSizePlugin(): Plugin {
  let outDir = '';
  let line: string | undefined;
  let info: (message: string) => void = console.log;
  return {
    name: 'station:initial-size',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      // Vite's logger, so `--logLevel warn` keeps a quiet build quiet.
      info = (message) => config.logger.info(message);
    },
    writeBundle(_options, bundle) {
      const chunks: ChunkFacts[] = [];
      for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.push(output);
      const size = initialSizeOf(chunks, (file) => readFileSync(join(outDir, file)));
      mkdirSync(join(outDir, '.vite'), { recursive: true });
      writeFileSync(join(outDir, initialSizeFile), `${JSON.stringify(size, null, 2)}\n`);
      line = describeInitialSize(size);
    },
    // After Vite's own table of chunks, so the line is the last word of the build.
    closeBundle() {
      if (line) info(line);
      line = undefined;
    },
  };
}
