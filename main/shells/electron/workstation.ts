// What a workstation decides before the app is ready: the machine policy (a bad file stops the start, with its message
// on the start-failure screen) and whether the GPU stays off (Remote Desktop, or the policy says so).
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
