// The session's public surface: import from here.
export {
  type AccountMemory,
  createAccountMemory,
  type RememberedAccount,
  SESSION_STATE_FILE,
} from './account-memory.ts';
export { isSessionError, SessionError, type SessionErrorCode } from './errors.ts';
export { jwtExpiry } from './jwt.ts';
export {
  APP_NAME,
  createKeychainStore,
  type KeytarApi,
  keychainServiceName,
  type OpenSecretStoreOptions,
  openSecretStore,
  serviceIdOf,
} from './keychain.ts';
export { REFRESH_AHEAD_MS } from './renewal.ts';
export { createMemorySecretStore, type SecretStore, type SecretStoreKind } from './secret-store.ts';
export { createSession } from './session.ts';
export type {
  ConfirmedPerson,
  Session,
  SessionChange,
  SessionChangeReason,
  SessionLog,
  SessionOptions,
  SessionState,
  SessionStatus,
  SessionUser,
  StationClient,
} from './types.ts';
