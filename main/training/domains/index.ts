// Every domain's handlers, keyed like the contract's operations table.
import type { operations } from '../../../contract/service/operations.ts';
import type { TokenIssuer } from '../auth/tokens.ts';
import type { Handlers } from '../http/handler.ts';
import { authHandlers } from './auth.ts';

export function domainHandlers(tokens: TokenIssuer): Handlers<typeof operations> {
  return {
    auth: authHandlers(tokens),
  };
}
