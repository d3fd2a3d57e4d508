// Which credential a send carries, and the single shared token refresh after a 401.
import type { AnyOperation } from '../../../contract/service/operation.ts';
import type { ClientContext } from './context.ts';
import { ServiceError } from './errors.ts';

/** The credential one send went out with, and how many refreshes had finished when it was read. */
export interface SentCredential {
  token: string | null;
  generation: number;
}

export async function credentialFor(ctx: ClientContext, operation: AnyOperation): Promise<SentCredential> {
  const generation = ctx.refresh.settled;
  if (operation.auth === 'none') return { token: null, generation };
  if (operation.auth === 'refresh') {
    const token = await ctx.tokens.refreshToken();
    if (!token) throw unauthenticated(operation, 'No refresh token is available');
    ctx.redactor.remember(token);
    return { token, generation };
  }
  let token = await ctx.tokens.accessToken();
  if (!token) {
    // Signed in from the keychain with only a refresh token: get an access token before sending anything.
    await runRefresh(ctx, operation);
    token = await ctx.tokens.accessToken();
    if (!token) throw unauthenticated(operation, 'No access token is available');
  }
  ctx.redactor.remember(token);
  return { token, generation };
}

/**
 * After a 401 on an access operation: refresh once for everyone. A request that went out before a refresh
 * finished, or with a token that has since been replaced, only needs the current token, not another refresh.
 */
export async function renewAfter401(ctx: ClientContext, operation: AnyOperation, sent: SentCredential): Promise<void> {
  if (ctx.refresh.settled > sent.generation) return;
  if (ctx.refresh.running) return runRefresh(ctx, operation);
  const current = await ctx.tokens.accessToken();
  // Checked again after the await: a refresh may have started or finished meanwhile.
  if (ctx.refresh.settled > sent.generation) return;
  if (!ctx.refresh.running && current && current !== sent.token) return;
  ctx.log.info('refreshing the access token after a 401', { operation: operation.name });
  return runRefresh(ctx, operation);
}

async function runRefresh(ctx: ClientContext, operation: AnyOperation): Promise<void> {
  try {
    await ctx.refresh.run();
  } catch (error) {
    await rememberCurrentTokens(ctx);
    const reason = error instanceof Error ? ctx.redactor.text(error.message) : 'unknown reason';
    throw new ServiceError({
      status: 401,
      code: 'refresh_failed',
      message: `The access token for ${operation.name} could not be renewed: ${reason}`,
      operation: operation.name,
    });
  }
}

function unauthenticated(operation: AnyOperation, text: string): ServiceError {
  return new ServiceError({
    status: 0,
    code: 'unauthenticated',
    message: `${text} for ${operation.name}; sign in again`,
    operation: operation.name,
  });
}

/**
 * Teaches the redactor both current tokens before an error is built: a failure may quote one the client never
 * sent itself (the refresh token, in a failed renewal). Errors are rare, so reading both then costs little.
 */
export async function rememberCurrentTokens(ctx: ClientContext): Promise<void> {
  const read = async (get: () => unknown) => {
    try {
      const token = await get();
      if (typeof token === 'string') ctx.redactor.remember(token);
    } catch {
      // A token source that cannot answer has no token to leak.
    }
  };
  await Promise.all([read(() => ctx.tokens.accessToken()), read(() => ctx.tokens.refreshToken())]);
}

/** The Authorization header value for a credential. */
export function bearer(credential: SentCredential): string | undefined {
  return credential.token ? `Bearer ${credential.token}` : undefined;
}
