// A small operation table and a controllable token source shared by the service client tests.
import { z } from 'zod';
import { errorBody, pageQuery, pathKey, queryBool } from '../../../../contract/service/common.ts';
import { defineOperation } from '../../../../contract/service/operation.ts';
import type { ServiceLogger, TokenSource } from '../../../../main/service/client/index.ts';

const thing = z.looseObject({ id: z.string(), name: z.string() });

export const thingsOperations = {
  get: defineOperation({
    name: 'things.get',
    method: 'GET',
    path: '/api/v1/things/{thing_id}',
    params: z.strictObject({ thing_id: pathKey }),
    query: z.strictObject({ include_all: queryBool.optional() }),
    response: thing,
    source: 'facts',
    summary: 'One thing by id or number.',
  }),
  list: defineOperation({
    name: 'things.list',
    method: 'GET',
    path: '/api/v1/things',
    query: z.strictObject({ ...pageQuery, status: z.string().optional() }),
    response: z.array(thing),
    paginated: true,
    source: 'facts',
    summary: 'Every thing, a page at a time.',
  }),
  create: defineOperation({
    name: 'things.create',
    method: 'POST',
    path: '/api/v1/things',
    body: z.strictObject({ name: z.string().min(1), quantity: z.number().int().positive() }),
    response: thing,
    status: 201,
    source: 'facts',
    summary: 'Creates a thing.',
  }),
  remove: defineOperation({
    name: 'things.remove',
    method: 'DELETE',
    path: '/api/v1/things/{thing_id}',
    params: z.strictObject({ thing_id: pathKey }),
    response: z.undefined(),
    status: 204,
    source: 'facts',
    summary: 'Deletes a thing.',
  }),
};

export const authOperations = {
  login: defineOperation({
    name: 'auth.login',
    method: 'POST',
    path: '/api/v1/auth/login',
    body: z.strictObject({ email: z.email(), password: z.string().min(1) }),
    response: z.looseObject({ access_token: z.string(), refresh_token: z.string() }),
    auth: 'none',
    source: 'spec',
    summary: 'Signs in.',
  }),
  refresh: defineOperation({
    name: 'auth.refresh',
    method: 'POST',
    path: '/api/v1/auth/refresh',
    response: z.looseObject({ access_token: z.string() }),
    auth: 'refresh',
    source: 'spec',
    summary: 'A new access token for the refresh token.',
  }),
};

export const testTable = { things: thingsOperations, auth: authOperations };

export interface FakeTokens extends TokenSource {
  access: string | null;
  refreshTokenValue: string | null;
  refreshes: number;
}

/** Tokens held in memory; `refresh` runs the given renewal (by default: a new access token after 20 ms). */
export function memoryTokens(access: string | null, renew?: (tokens: FakeTokens) => Promise<void>): FakeTokens {
  const tokens: FakeTokens = {
    access,
    refreshTokenValue: 'refresh-token-7d-0a1b2c3d',
    refreshes: 0,
    accessToken: () => tokens.access,
    refreshToken: () => tokens.refreshTokenValue,
    async refresh() {
      tokens.refreshes += 1;
      if (renew) return renew(tokens);
      await new Promise((resolve) => setTimeout(resolve, 20));
      tokens.access = `access-token-renewed-${tokens.refreshes}`;
    },
  };
  return tokens;
}

export interface CapturedLog {
  level: string;
  message: string;
  fields: Record<string, unknown>;
}

export function captureLogger(): { logger: ServiceLogger; lines: CapturedLog[] } {
  const lines: CapturedLog[] = [];
  const push = (level: string) => (message: string, fields: Record<string, unknown>) => {
    lines.push({ level, message, fields });
  };
  return { logger: { debug: push('debug'), info: push('info'), warn: push('warn') }, lines };
}

/** A waiting function that returns at once and records what it was asked to wait. */
export function instantSleep(): { sleep: (ms: number) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return {
    waits,
    sleep: async (ms: number) => {
      waits.push(ms);
    },
  };
}

export function serviceError(error: string, message: string) {
  return errorBody.parse({ error, message });
}

/**
 * A logger that says when the client has logged `count` answers with `status` ('service call'). A call logs its answer
 * in the same turn as it acts on it (after a 401 it joins the one refresh, or reads the token to start it), so a
 * test can hold a refresh until every call is waiting on it: a state, not a time.
 */
export function answersLogged(status: number, count: number): { logger: ServiceLogger; all: Promise<void> } {
  let seen = 0;
  let reached: () => void = () => {};
  const all = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const quiet = () => {};
  const logger: ServiceLogger = {
    debug(message, fields) {
      if (message === 'service call' && fields.status === status && ++seen === count) reached();
    },
    info: quiet,
    warn: quiet,
  };
  return { logger, all };
}
