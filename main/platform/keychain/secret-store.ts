// Where secrets live: the OS keychain when there is one, else memory for this run only. Never a file in clear.

/** Which backend holds the secrets; the renderer is told which, never what. */
export type SecretStoreKind = 'keychain' | 'memory';

export interface SecretStore {
  readonly kind: SecretStoreKind;
  /** The secret for this account, or null. */
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  /** true when something was removed. */
  delete(account: string): Promise<boolean>;
}

/** The fallback when no keychain is available (no Secret Service on Linux): secrets last until the app quits. */
export function createMemorySecretStore(): SecretStore {
  const secrets = new Map<string, string>();
  return {
    kind: 'memory',
    async get(account) {
      return secrets.get(account) ?? null;
    },
    async set(account, secret) {
      secrets.set(account, secret);
    },
    async delete(account) {
      return secrets.delete(account);
    },
  };
}
