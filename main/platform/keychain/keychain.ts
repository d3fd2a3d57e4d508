// The OS keychain behind the SecretStore port, through keytar (optional, loaded lazily); memory when there is none.
import { randomBytes } from 'node:crypto';
import { createMemorySecretStore, type SecretStore } from './secret-store.ts';

/** The three keytar calls the store uses (keytar's own API). */
export interface KeytarApi {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export interface SecretStoreLog {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
}

export interface OpenSecretStoreOptions {
  /** Loads keytar; a test passes one that fails, standing for a machine where keytar is absent or broken. */
  loadKeytar?: () => Promise<KeytarApi>;
  /** The longest one keychain call may take: a keychain waiting on an unlock prompt must not hang the app. */
  timeoutMs?: number;
}

export const APP_NAME = 'Fulfillment Station';
const DEFAULT_TIMEOUT_MS = 10_000;

/** `https://service.example/` and `https://service.example` are one service; anything else is used as given. */
export function serviceIdOf(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return baseUrl.trim();
  }
}

/** One keychain service name per service: `Fulfillment Station (http://127.0.0.1:4010)`; accounts are emails. */
export function keychainServiceName(baseUrlOrId: string): string {
  return `${APP_NAME} (${serviceIdOf(baseUrlOrId)})`;
}

let keytarLoad: Promise<KeytarApi> | null = null;

/** keytar is an optionalDependency with a native part: imported on first use, so its absence is not a crash. */
function importKeytar(): Promise<KeytarApi> {
  keytarLoad ??= import('keytar').then((mod) => {
    const api = ((mod as { default?: KeytarApi }).default ?? mod) as KeytarApi;
    if (typeof api.setPassword !== 'function') throw new Error('keytar loaded without its functions');
    return api;
  });
  return keytarLoad;
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the keychain did not answer (${what}) within ${ms / 1000} s`)), ms);
    timer.unref();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The keychain store for one service name. Secrets go to the OS keychain only; failures name the step, not the secret. */
export function createKeychainStore(
  keytar: KeytarApi,
  serviceName: string,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): SecretStore {
  const call = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await withTimeout(work(), timeoutMs, what);
    } catch (error) {
      throw new Error(`The keychain could not ${what} the saved sign-in: ${reasonOf(error)}`);
    }
  };
  return {
    kind: 'keychain',
    get: (account) => call('read', () => keytar.getPassword(serviceName, account)),
    set: (account, secret) => call('store', () => keytar.setPassword(serviceName, account, secret)),
    delete: (account) => call('remove', () => keytar.deletePassword(serviceName, account)),
  };
}

/** Writes, reads back and removes a throwaway entry: keytar can load yet have no Secret Service to talk to. */
async function probe(store: SecretStore): Promise<void> {
  const account = `probe-${randomBytes(6).toString('hex')}`;
  const value = randomBytes(12).toString('hex');
  await store.set(account, value);
  try {
    const read = await store.get(account);
    if (read !== value) throw new Error('a test entry did not read back as written');
  } finally {
    await store.delete(account);
  }
}

/**
 * The keychain store when keytar loads and a probe works, otherwise the memory store (secrets last until the app
 * quits). Either way the log says which, once, in plain words.
 */
export async function openSecretStore(
  serviceName: string,
  log: SecretStoreLog,
  options: OpenSecretStoreOptions = {},
): Promise<SecretStore> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let keytar: KeytarApi;
  try {
    keytar = await withTimeout((options.loadKeytar ?? importKeytar)(), timeoutMs, 'load');
  } catch (error) {
    return fallback(log, serviceName, `keytar could not be loaded (${reasonOf(error)})`);
  }
  const store = createKeychainStore(keytar, serviceName, timeoutMs);
  try {
    await probe(store);
  } catch (error) {
    return fallback(log, serviceName, reasonOf(error));
  }
  log.info('sign-ins are kept in the OS keychain', { keychain: 'keychain', service: serviceName });
  return store;
}

function fallback(log: SecretStoreLog, serviceName: string, reason: string): SecretStore {
  log.warn(
    'No OS keychain is available, so the sign-in is kept in memory for this run only: after a restart, sign in again. Nothing secret is written to disk.',
    { keychain: 'memory', service: serviceName, reason },
  );
  return createMemorySecretStore();
}
