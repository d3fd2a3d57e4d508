// preload/browser-bridge.ts compiled for the browser: one IIFE bundle (the contract's channel names come with it),
// served as /browser-bridge.js. `npm run start:browser` and the e2e tests build it once into out/bridge
// (scripts/build-if-stale.ts) and hand it to the shell; a shell given none builds it in memory with vite at start.
import { fileURLToPath } from 'node:url';

export const BRIDGE_ENTRY = fileURLToPath(new URL('../../../preload/browser-bridge.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

interface Chunk {
  type: string;
  code?: string;
}

/** Takes about a second (vite's import is half of it, so vite loads only here). */
export async function buildBridgeScript(): Promise<string> {
  const { build } = await import('vite');
  const result = await build({
    configFile: false,
    root: ROOT,
    logLevel: 'silent',
    publicDir: false,
    build: {
      write: false,
      minify: true,
      sourcemap: false,
      emptyOutDir: false,
      lib: {
        entry: BRIDGE_ENTRY,
        formats: ['iife'],
        name: 'fulfillmentStationBridge',
        fileName: () => 'browser-bridge.js',
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as { output?: Chunk[] }[];
  const chunk = outputs.flatMap((out) => out.output ?? []).find((item) => item.type === 'chunk');
  if (!chunk?.code) throw new Error('building the browser bridge produced no script');
  return chunk.code;
}
