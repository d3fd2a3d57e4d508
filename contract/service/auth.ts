// Authentication: the signed-in user, login, token refresh and token verification.
import { z } from 'zod';
import { maybe, recordStamps, timestamp } from './common.ts';
import { defineOperation } from './operation.ts';

/** Token lifetimes (spec §5, §8). The client refreshes before the access token runs out. */
export const ACCESS_TOKEN_LIFETIME_MINUTES = 60;
export const REFRESH_TOKEN_LIFETIME_DAYS = 7;

/** The roles the training service grants. Responses keep `role` as a plain string: the real service may know more. */
export const userRole = z.enum(['admin', 'pharmacist', 'technician']);
export type UserRole = z.infer<typeof userRole>;

export const user = z.looseObject({
  ...recordStamps,
  email: maybe(z.string()),
  first_name: maybe(z.string()),
  last_name: maybe(z.string()),
  is_active: maybe(z.boolean()),
  role: maybe(z.string()),
});
export type User = z.infer<typeof user>;

/** Bounded so a pasted novel never reaches the service or a log; 1024 leaves room for passphrases. */
export const loginBody = z.strictObject({
  email: z.email().max(254),
  password: z.string().min(1).max(1024),
});
export type LoginBody = z.input<typeof loginBody>;

/** `expires_at` is the refresh token's expiry (service-facts); the access token lives ACCESS_TOKEN_LIFETIME_MINUTES. */
export const loginResponse = z.looseObject({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_at: maybe(timestamp),
  user,
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const refreshResponse = z.looseObject({
  access_token: z.string().min(1),
  expires_at: maybe(timestamp),
});
export type RefreshResponse = z.infer<typeof refreshResponse>;

export const verifyResponse = z.looseObject({
  valid: z.boolean(),
  user: maybe(user),
});

export const authOperations = {
  login: defineOperation({
    name: 'auth.login',
    method: 'POST',
    path: '/api/v1/auth/login',
    body: loginBody,
    response: loginResponse,
    auth: 'none',
    source: 'spec',
    summary: 'Sign in with email and password',
  }),
  refresh: defineOperation({
    name: 'auth.refresh',
    method: 'POST',
    path: '/api/v1/auth/refresh',
    response: refreshResponse,
    // The refresh token, never the access token, goes in the Authorization header (spec §5.3).
    auth: 'refresh',
    source: 'spec',
    summary: 'Get a new access token with the refresh token',
  }),
  verify: defineOperation({
    name: 'auth.verify',
    method: 'GET',
    path: '/api/v1/auth/verify',
    response: verifyResponse,
    source: 'spec',
    summary: 'Check that the access token is valid and whose it is',
  }),
};
