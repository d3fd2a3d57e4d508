// The session's public surface: import from here.

export {
  APP_NAME,
  createKeychainStore,
  type KeytarApi,
  keychainServiceName,
  type OpenSecretStoreOptions,
  openSecretStore,
  serviceIdOf,
} from '../../platform/keychain/keychain.ts';
export {
  createMemorySecretStore,
  type SecretStore,
  type SecretStoreKind,
} from '../../platform/keychain/secret-store.ts';
export {
  type AccountMemory,
  createAccountMemory,
  type RememberedAccount,
  SESSION_STATE_FILE,
} from './account-memory.ts';
export { isSessionError, SessionError, type SessionErrorCode } from './errors.ts';
export { jwtExpiry } from './jwt.ts';
export { REFRESH_AHEAD_MS } from './renewal.ts';
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
