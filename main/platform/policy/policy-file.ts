// Reading the machine policy, placed by the pharmacy's IT where only an administrator can write: on Linux and macOS a
// JSON file refused when a non-administrator could have written it or a folder above it (admin-only.ts); on Windows
// the HKLM policy key (windows-registry.ts). No policy there means no policy. A policy the station cannot read, or a
// field it cannot use, stops the start with a message naming the place and the field: a station running without the
// settings IT chose would be worse. A field this station does not know (a newer policy) is named and ignored.
import { readFileSync } from 'node:fs';
import { type AdminOnlyOptions, nonAdminWriters } from './admin-only.ts';
import { type MachinePolicy, machinePolicySchema, withoutUnknownFields } from './policy-schema.ts';
import { POLICY_KEY, parseRegQuery, policyFromRegistry, queryPolicyKey } from './windows-registry.ts';

/** Where IT places the policy on each operating system (on Windows, a registry key). */
export function machinePolicyPath(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'win32') return POLICY_KEY;
  if (platform === 'darwin') return '/Library/Application Support/Fulfillment Station/policy.json';
  return '/etc/fulfillment-station/policy.json';
}

/** A policy the station cannot use: the start stops with this message. */
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
  /** The file (or registry key) it was read from; null when there is none. */
  file: string | null;
  policy: MachinePolicy;
  /** Fields this station does not know, ignored (a policy written for a newer station): named in the settings. */
  ignoredFields: readonly string[];
}

export const NO_POLICY: LoadedPolicy = Object.freeze({ file: null, policy: Object.freeze({}), ignoredFields: [] });

/** The policy in `json`, read from `source`; a PolicyError naming the first field it cannot use. */
export function policyFromJson(source: string, json: unknown): LoadedPolicy {
  const { known, ignored } = withoutUnknownFields(json);
  const parsed = machinePolicySchema.safeParse(known);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.map(String).join('.') || '(the file)';
    throw new PolicyError(
      source,
      field,
      issue?.path.length ? (issue.message ?? 'is not valid') : 'must be a JSON object',
    );
  }
  return { file: source, policy: parsed.data, ignoredFields: ignored };
}

/**
 * The policy file at `file` (Linux's or macOS's place by default); NO_POLICY when there is no file; a PolicyError when
 * unusable or writable by someone other than an administrator. Read once, synchronously, before the app is ready:
 * hardware acceleration can only be turned off before then.
 */
export function readMachinePolicy(file = machinePolicyPath(), options: AdminOnlyOptions = {}): LoadedPolicy {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return NO_POLICY;
    throw new PolicyError(file, '(the file)', `cannot be read (${code ?? 'unknown error'})`);
  }
  const writers = nonAdminWriters(file, options);
  if (writers.length > 0)
    throw new PolicyError(
      file,
      '(the file)',
      `could have been written by someone other than an administrator: ${writers.join('; ')}`,
    );
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new PolicyError(file, '(the file)', 'is not valid JSON');
  }
  return policyFromJson(file, json);
}

/** The policy under the HKLM policy key (Windows); NO_POLICY when the key does not exist. */
export function readWindowsPolicy(query: () => string | null = queryPolicyKey): LoadedPolicy {
  let keys: ReturnType<typeof parseRegQuery>;
  try {
    const answer = query();
    if (answer === null) return NO_POLICY;
    keys = parseRegQuery(answer);
  } catch (error) {
    throw new PolicyError(POLICY_KEY, '(the key)', `cannot be read (${(error as Error).message.split('\n')[0]})`);
  }
  const json = policyFromRegistry(keys);
  return json === null ? NO_POLICY : policyFromJson(POLICY_KEY, json);
}

/** This machine's policy, from its operating system's place. */
export function readPolicyOfThisMachine(platform: NodeJS.Platform = process.platform): LoadedPolicy {
  return platform === 'win32' ? readWindowsPolicy() : readMachinePolicy(machinePolicyPath(platform));
}
