// The session's own refusals, as `{code, message}` a person may read: never a token or a password.
import { ServiceError } from '../client/errors.ts';

export type SessionErrorCode =
  | 'invalid_credentials'
  | 'too_many_attempts'
  | 'invalid_input'
  | 'not_signed_in'
  | 'not_locked';

export class SessionError extends Error {
  override readonly name = 'SessionError';
  readonly code: SessionErrorCode;

  constructor(code: SessionErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export function isSessionError(error: unknown): error is SessionError {
  return error instanceof SessionError;
}

/** What a call with the client raises after the service refused to renew the session (the person is signed out). */
export function refreshRefusedError(): ServiceError {
  return new ServiceError({
    status: 401,
    code: 'refresh_refused',
    operation: 'auth.refresh',
    message: 'The service refused to renew the sign-in; sign in again.',
  });
}

/** What a call raises while nobody is signed in (the code the client itself uses when it has no token). */
export function notSignedInError(): ServiceError {
  return new ServiceError({
    status: 0,
    code: 'unauthenticated',
    operation: 'session',
    message: 'Nobody is signed in; sign in first.',
  });
}

/** A refresh failure seen again while the session waits before retrying, so an outage is not hammered. */
export function repeatFailure(error: ServiceError, retryInMs: number): ServiceError {
  return new ServiceError({
    status: error.status,
    code: error.code,
    operation: error.operation,
    message: `${error.message} (renewal will be tried again in ${Math.ceil(retryInMs / 1000)} s)`,
    retryAfterMs: retryInMs,
  });
}
