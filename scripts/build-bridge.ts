// Writes the browser shell's bridge (preload/browser-bridge.ts as one IIFE) to out/bridge/browser-bridge.js, so every
// browser shell of a run serves the same built file instead of building it with vite at each start (a second each).
// Run by build-if-stale.ts's `bridge` target when the file is missing or older than its sources.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildBridgeScript } from '../main/shells/browser/bridge-script.ts';
import { BRIDGE_FILE, root } from './build-if-stale.ts';

const file = join(root, BRIDGE_FILE);
mkdirSync(dirname(file), { recursive: true });
// Written whole, then renamed: two stations starting at once never read half a file.
const partial = `${file}.${process.pid}.partial`;
writeFileSync(partial, await buildBridgeScript());
renameSync(partial, file);
