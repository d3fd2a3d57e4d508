// The Electron app's entry (built to out/main/index.js): starts the station app from the built files beside it.
import { builtPaths, startApp } from './app.ts';
import { startsWithoutDebugger } from './debug-switches.ts';

if (startsWithoutDebugger()) startApp(builtPaths(import.meta.dirname));
