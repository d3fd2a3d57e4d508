// The session's two service clients, built from one set of options: the station's (every operation, tokens from the
// keeper, which renews them) and the sign-in's (login and refresh only, tokens that never renew).
import { authOperations } from '../../../contract/service/auth.ts';
import { operations } from '../../../contract/service/operations.ts';
import { bindServiceClient, createServiceClient, type OperationCaller } from '../client/client.ts';
import type { ServiceClient } from '../client/types.ts';
import type { TokenKeeper } from './token-keeper.ts';
import type { SessionOptions, StationClient } from './types.ts';

export type SignInClient = ServiceClient<{ auth: typeof authOperations }>;

export interface SessionClients {
  /** Every operation, signed in as the session; a call refreshes the access token when it is due or refused. */
  station: StationClient;
  /** The same client's operations, called by their declaration (no lookup by name). */
  caller: OperationCaller;
  signIn: SignInClient;
}

export function createSessionClients(
  options: Pick<SessionOptions, 'baseUrl' | 'fetch' | 'log' | 'drift' | 'maxAnswerBytes'>,
  keeper: TokenKeeper,
): SessionClients {
  const common = {
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    logger: options.log,
    drift: options.drift,
    maxAnswerBytes: options.maxAnswerBytes,
  };
  const { client, caller } = bindServiceClient(operations, { ...common, tokens: keeper.tokens });
  /**
   * Login and refresh go through a client whose tokens never renew: the renewal itself runs on it, and a client
   * reads the access token even while reporting a failure, which must not wait on the renewal it is part of.
   */
  const signIn = createServiceClient(
    { auth: authOperations },
    {
      ...common,
      tokens: {
        accessToken: () => keeper.current()?.accessToken ?? null,
        refreshToken: () => keeper.current()?.refreshToken ?? null,
        refresh: () => Promise.reject(new Error('the sign-in client does not renew tokens')),
      },
      // No retry here: a 429 at sign-in is the account's wait, said to the person at once (not slept through), and a
      // failed renewal is retried by the token keeper with its own backoff.
      retry: { maxAttempts: 1 },
    },
  );
  return { station: client, caller, signIn };
}
