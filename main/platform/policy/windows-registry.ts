// The machine policy on Windows: the values under HKLM\SOFTWARE\Policies\Fulfillment Station, a key only
// administrators (and Group Policy) may write, read with `reg query` (no shell) and turned into the same object the
// policy file holds. REG_SZ gives text (empty: null), REG_DWORD a number (0/1 for true/false fields), a subkey an
// object (printers). Windows writes the answer in this layout: a blank line, the key, then
// `    Name    REG_TYPE    Data` per value; a missing key exits 1.
import { execFileSync } from 'node:child_process';

export const POLICY_KEY = 'HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\Fulfillment Station';

export interface RegistryKey {
  key: string;
  values: Record<string, { type: string; data: string }>;
}

/** `reg query KEY /s` output as keys and their raw values; a line it cannot read is an error naming it. */
export function parseRegQuery(stdout: string): RegistryKey[] {
  const keys: RegistryKey[] = [];
  for (const line of stdout.replace(/\r\n?/g, '\n').split('\n')) {
    if (!line.trim()) continue;
    if (/^HKEY_[A-Z_]+(\\|$)/.test(line)) {
      keys.push({ key: line.trim(), values: {} });
      continue;
    }
    const value = /^ {4}(.+?) {4}(REG_[A-Z_]+)(?: {4}(.*))?$/.exec(line);
    const current = keys.at(-1);
    if (!value || !current) throw new Error(`an unreadable registry line: ${JSON.stringify(line.slice(0, 80))}`);
    current.values[value[1] as string] = { type: value[2] as string, data: value[3] ?? '' };
  }
  return keys;
}

const booleanFields = new Set(['disableHardwareAcceleration', 'kioskMode', 'acceptUnsignedUpdates']);

function registryValue(name: string, { type, data }: { type: string; data: string }): unknown {
  if (type === 'REG_DWORD' || type === 'REG_QWORD') {
    const number = /^0x[0-9a-f]+$/i.test(data) ? Number.parseInt(data, 16) : Number.NaN;
    return booleanFields.has(name) && (number === 0 || number === 1) ? number === 1 : number;
  }
  if (type === 'REG_SZ' || type === 'REG_EXPAND_SZ') return data === '' ? null : data;
  return `(a ${type} value)`;
}

/** The policy object the key holds: its values, and each subkey's values as an object under the subkey's name. */
export function policyFromRegistry(keys: RegistryKey[], root = POLICY_KEY): Record<string, unknown> | null {
  const top = keys.find((entry) => entry.key.toLowerCase() === root.toLowerCase());
  if (!top) return null;
  const policy: Record<string, unknown> = {};
  const fill = (target: Record<string, unknown>, entry: RegistryKey) => {
    for (const [name, value] of Object.entries(entry.values)) {
      if (name !== '(Default)') target[name] = registryValue(name, value);
    }
  };
  fill(policy, top);
  for (const entry of keys) {
    const name = entry.key.slice(root.length + 1);
    if (!entry.key.toLowerCase().startsWith(`${root.toLowerCase()}\\`) || name.includes('\\')) continue;
    const child: Record<string, unknown> = {};
    fill(child, entry);
    policy[name] = child;
  }
  return policy;
}

/** Runs `reg query` on the 64-bit view; null when the key does not exist (exit code 1). */
export function queryPolicyKey(run: typeof execFileSync = execFileSync): string | null {
  try {
    return run('reg.exe', ['query', POLICY_KEY, '/s', '/reg:64'], { encoding: 'utf8', windowsHide: true }) as string;
  } catch (error) {
    if ((error as { status?: number }).status === 1) return null;
    throw error;
  }
}
