// Reading the machine policy: one JSON file per workstation, placed by the pharmacy's IT where only an administrator
// can write. No file means no policy. A file the station cannot read, or a field it cannot use, stops the start with a
// message naming the file and the field: a station running without the settings IT chose would be worse.
import { readFileSync } from 'node:fs';
import { win32 } from 'node:path';
import { type MachinePolicy, machinePolicySchema } from './policy-schema.ts';

/** Where IT places the policy on each operating system. */
export function machinePolicyPath(platform: NodeJS.Platform = process.platform, env = process.env): string {
  if (platform === 'win32') {
    return win32.join(env.ProgramData ?? 'C:\\ProgramData', 'Fulfillment Station', 'policy.json');
  }
  if (platform === 'darwin') return '/Library/Application Support/Fulfillment Station/policy.json';
  return '/etc/fulfillment-station/policy.json';
}

/** A policy file the station cannot use: the start stops with this message. */
export class PolicyError extends Error {
  override readonly name = 'PolicyError';
  readonly file: string;
  readonly field: string;

  constructor(file: string, field: string, problem: string) {
    super(`The machine policy ${file} cannot be used: ${field} ${problem}. Ask your pharmacy's IT to correct it.`);
    this.file = file;
    this.field = field;
  }
}

export interface LoadedPolicy {
  /** The file it was read from; null when there is none. */
  file: string | null;
  policy: MachinePolicy;
}

export const NO_POLICY: LoadedPolicy = Object.freeze({ file: null, policy: Object.freeze({}) });

/**
 * The policy at `file` (the OS's place by default); NO_POLICY when there is no file; a PolicyError when unusable. Read
 * once, synchronously, before the app is ready: hardware acceleration can only be turned off before then.
 */
export function readMachinePolicy(file = machinePolicyPath()): LoadedPolicy {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return NO_POLICY;
    throw new PolicyError(file, '(the file)', `cannot be read (${code ?? 'unknown error'})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new PolicyError(file, '(the file)', 'is not valid JSON');
  }
  const parsed = machinePolicySchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.map(String).join('.') || '(the file)';
    if (issue?.code === 'unrecognized_keys') {
      const keys = issue.keys.map((key) => (issue.path.length ? `${field}.${key}` : key));
      throw new PolicyError(file, keys.join(', '), 'is not a policy field');
    }
    throw new PolicyError(
      file,
      field,
      issue?.path.length ? (issue.message ?? 'is not valid') : 'must be a JSON object',
    );
  }
  return { file, policy: parsed.data };
}
