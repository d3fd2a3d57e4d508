// Builds the Electron side (the renderer has the top-level vite.config.ts): `--mode main`, `training` or `preload`.
import { builtinModules } from 'node:module';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const root = resolve(import.meta.dirname, '../../..');
/** Where the parts go: out/ by default; the built-bundle tests build into a folder of their own (STATION_ELECTRON_OUT). */
const outRoot = process.env.STATION_ELECTRON_OUT ? resolve(process.env.STATION_ELECTRON_OUT) : resolve(root, 'out');

/** Each part: its entry, where it goes, and its module format. */
const parts = {
  // The app's main process: package.json "main" points at out/main/index.js (ESM, as the package is "type": "module").
  main: { entry: 'main/shells/electron/main.ts', outDir: 'main', fileName: 'index.js', format: 'es' },
  // The training service, forked as an Electron utility process (main/shells/electron/training-process.ts).
  training: { entry: 'training/cli.ts', outDir: 'training', fileName: 'cli.js', format: 'es' },
  // A sandboxed preload is one classic script: CommonJS, only 'electron' left to require, everything else inlined.
  preload: { entry: 'preload/preload.ts', outDir: 'preload', fileName: 'preload.cjs', format: 'cjs' },
} as const;

type Part = keyof typeof parts;

/** Left to the runtime: Electron itself, Node's built-ins, and keytar (a native module, loaded lazily). */
const external = ['electron', 'keytar', ...builtinModules, ...builtinModules.map((name) => `node:${name}`)];

export default defineConfig(({ mode }) => {
  if (!(mode in parts))
    throw new Error(`vite.electron.config.ts: --mode must be one of ${Object.keys(parts).join(', ')}`);
  const part = parts[mode as Part];
  return {
    root,
    publicDir: false,
    logLevel: 'warn',
    // Bundled whole: the app ships its code in out/, so nothing but keytar is looked up in node_modules at run time.
    ssr: { noExternal: true, external: ['keytar'] },
    build: {
      ssr: resolve(root, part.entry),
      outDir: resolve(outRoot, part.outDir),
      emptyOutDir: true,
      target: 'node24',
      minify: false,
      sourcemap: true,
      copyPublicDir: false,
      reportCompressedSize: false,
      rolldownOptions: {
        external,
        output: {
          format: part.format,
          entryFileNames: part.fileName,
          codeSplitting: false,
        },
      },
    },
  };
});
