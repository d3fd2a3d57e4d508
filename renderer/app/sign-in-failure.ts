// What a refused sign-in or unlock means for the person: wrong password, no answer from the service, or something else.

export type SignInFailure = 'credentials' | 'unreachable' | 'other';

/** The contract's codes for a call that got no answer at all (contract/ipc/error-codes.ts). */
const UNREACHABLE_CODES = new Set(['offline', 'timeout']);

export function signInFailure(error: unknown): SignInFailure {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return 'other';
  if (UNREACHABLE_CODES.has(code)) return 'unreachable';
  if (code === 'invalid_credentials') return 'credentials';
  return 'other';
}
