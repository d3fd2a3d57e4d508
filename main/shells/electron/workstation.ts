// What a workstation decides before the app is ready: the machine policy (a bad file stops the start, with its message
// on the start-failure screen) and whether the GPU stays off (Remote Desktop, or the policy says so).
import { existsSync } from 'node:fs';
import { win32 } from 'node:path';
import type { Logger } from '../../platform/log/logger.ts';
import {
  type LoadedPolicy,
  PolicyError,
  readMachinePolicy,
  readPolicyOfThisMachine,
} from '../../platform/policy/policy-file.ts';

export type PolicyAtStart = { ok: true; loaded: LoadedPolicy } | { ok: false; error: PolicyError };

/** Reads the policy once; an unusable one is kept as the error the start fails with once the app is ready. */
export function readPolicyAtStart(file?: string): PolicyAtStart {
  try {
    return { ok: true, loaded: file === undefined ? readPolicyOfThisMachine() : readMachinePolicy(file) };
  } catch (error) {
    if (error instanceof PolicyError) return { ok: false, error };
    throw error;
  }
}

/**
 * A policy file to test with, from `--machine-policy=FILE`, in an app that is not installed only (the Electron e2e
 * tests kiosk mode so); an installed app reads only the OS's place, whatever its command line says.
 */
export function policyFileFromArgs(argv: readonly string[], packaged: boolean): string | undefined {
  if (packaged) return undefined;
  const given = argv.find((arg) => arg.startsWith('--machine-policy='));
  return given ? given.slice('--machine-policy='.length) || undefined : undefined;
}

/**
 * The remote session this app runs in, or null: Windows names its Remote Desktop and Citrix sessions in SESSIONNAME
 * (`RDP-Tcp#3`, `ICA-tcp#1`; a local one is `Console`); xrdp on Linux sets XRDP_SESSION.
 */
export function remoteSession(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string | null {
  if (platform === 'win32' && /^(RDP|ICA)-/i.test(env.SESSIONNAME ?? '')) return env.SESSIONNAME ?? null;
  if (platform === 'linux' && env.XRDP_SESSION) return 'xrdp';
  return null;
}

/** Why the GPU is turned off, or null: a remote session draws in software anyway and its GPU path is the flaky one. */
export function gpuOffReason(start: PolicyAtStart, env: NodeJS.ProcessEnv = process.env, platform = process.platform) {
  if (start.ok && start.loaded.policy.disableHardwareAcceleration) return 'the machine policy turns it off';
  const session = remoteSession(env, platform);
  return session ? `a remote desktop session (${session})` : null;
}

/**
 * The policy file Windows stations read before (`%ProgramData%\Fulfillment Station\policy.json`), when one is still
 * there: it is no longer read (any user may create that folder), so IT is told in the log to move it to the registry
 * key. Never a reason to stop: whoever planted one would stop the station.
 */
export function leftoverWindowsPolicyFile(
  platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  exists: (file: string) => boolean = existsSync,
): string | null {
  if (platform !== 'win32') return null;
  const file = win32.join(env.ProgramData ?? 'C:\\ProgramData', 'Fulfillment Station', 'policy.json');
  return exists(file) ? file : null;
}

/** Tells IT in the log when a leftover Windows policy file sits where it is no longer read. */
export function warnOfLeftoverPolicyFile(log: Pick<Logger, 'warn'>, file = leftoverWindowsPolicyFile()): void {
  if (!file) return;
  log.warn('a policy file is no longer read on Windows: IT sets the registry key instead (docs/it-guide.md)', {
    file,
    key: 'HKLM\\SOFTWARE\\Policies\\Fulfillment Station',
  });
}
