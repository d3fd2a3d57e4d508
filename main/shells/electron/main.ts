// The Electron app's entry (built to out/main/index.js): starts the station app from the built files beside it.
import { app } from 'electron';
import { builtPaths, startApp } from './app.ts';
import { startsWithoutDebugger } from './debug-switches.ts';
import { policyFileFromArgs } from './workstation.ts';

// A development run may name a policy file to test with (the e2e's kiosk mode); an installed app never.
const policyFile = policyFileFromArgs(process.argv, app.isPackaged);
if (startsWithoutDebugger()) startApp(builtPaths(import.meta.dirname), undefined, policyFile ? { policyFile } : {});
