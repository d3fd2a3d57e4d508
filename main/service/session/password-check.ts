// A password checked with the service (sign-in, unlock, a pharmacist's confirmation): the account waits after wrong
// passwords in a row before anything goes out, and each refusal becomes a SessionError a person can read.
import type { LoginResponse } from '../../../contract/service/auth.ts';
import { isServiceError } from '../client/errors.ts';
import type { SignInClient } from './clients.ts';
import { SessionError } from './errors.ts';
import { type GuessingBackoff, waitMessage } from './guessing-backoff.ts';

export type PasswordCheck = (email: string, password: string) => Promise<LoginResponse>;

export function createPasswordCheck(signIn: () => SignInClient, backoff: GuessingBackoff): PasswordCheck {
  return async (email, password) => {
    const waiting = backoff.waitFor(email);
    if (waiting > 0) throw new SessionError('too_many_attempts', waitMessage(waiting));
    try {
      const answer = await signIn().auth.login({ body: { email: email.trim(), password } });
      backoff.succeeded(email);
      return answer;
    } catch (error) {
      if (isServiceError(error) && error.status === 401) {
        backoff.failed(email);
        throw new SessionError('invalid_credentials', error.message || 'The email or password is not right.');
      }
      if (isServiceError(error) && error.status === 429) {
        const waitMs = error.retryAfterMs ?? 60_000;
        backoff.serviceAsked(email, waitMs);
        throw new SessionError('too_many_attempts', waitMessage(waitMs));
      }
      if (isServiceError(error) && error.code === 'invalid_request') {
        throw new SessionError('invalid_input', 'Enter a valid email address and a password.');
      }
      throw error;
    }
  };
}
