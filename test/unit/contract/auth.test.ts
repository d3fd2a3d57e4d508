// Authentication schemas: login refuses junk, and token answers from either service generation are accepted.
import { describe, expect, it } from 'vitest';
import { authOperations, loginBody, user, userRole } from '../../../contract/service/auth.ts';

const sampleUser = {
  id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  created_at: '2025-03-16T22:55:37.920593',
  updated_at: '2025-03-16T22:55:37Z',
  email: 'avery.example@example.test',
  first_name: 'Avery',
  last_name: 'Example',
  is_active: true,
  role: 'admin',
};

describe('the login request', () => {
  it('takes an email and a password', () => {
    expect(loginBody.safeParse({ email: 'avery.example@example.test', password: 'correct horse' }).success).toBe(true);
  });

  it.each([
    ['an empty password', { email: 'avery.example@example.test', password: '' }],
    ['a malformed email', { email: 'avery.example', password: 'x' }],
    ['an unknown key', { email: 'avery.example@example.test', password: 'x', remember: true }],
    ['a numeric password', { email: 'avery.example@example.test', password: 1234 }],
    ['a megabyte password', { email: 'avery.example@example.test', password: 'x'.repeat(1_000_000) }],
    ['a 300-character email', { email: `${'a'.repeat(290)}@example.test`, password: 'x' }],
  ])('refuses %s', (_label, body) => {
    expect(loginBody.safeParse(body).success).toBe(false);
  });
});

describe('users', () => {
  it('keep a role the training service does not grant, so a new real-service role does not break sign-in', () => {
    expect(user.parse({ ...sampleUser, role: 'Supervisor' }).role).toBe('Supervisor');
    expect(userRole.safeParse('Supervisor').success).toBe(false);
    expect(userRole.options).toEqual(['admin', 'pharmacist', 'technician']);
  });
});

describe('the auth operations', () => {
  const examples: Record<keyof typeof authOperations, unknown> = {
    login: {
      access_token: 'a.b.c',
      refresh_token: 'd.e.f',
      expires_at: '2025-03-23T22:55:37Z',
      user: sampleUser,
      token_type: 'bearer',
    },
    refresh: { access_token: 'g.h.i' },
    verify: { valid: true, user: { ...sampleUser, last_login: null } },
  };

  it.each(Object.entries(authOperations))('%s accepts a realistic answer', (verb, op) => {
    expect(op.response.safeParse(examples[verb as keyof typeof examples]).success).toBe(true);
  });

  it('refuses a login answer that lacks a token', () => {
    expect(authOperations.login.response.safeParse({ access_token: 'a.b.c', user: sampleUser }).success).toBe(false);
  });

  it('says a token is invalid without naming a user', () => {
    expect(authOperations.verify.response.safeParse({ valid: false }).success).toBe(true);
  });

  it('sends no token to log in and the refresh token to refresh', () => {
    expect(authOperations.login.auth).toBe('none');
    expect(authOperations.refresh.auth).toBe('refresh');
    expect(authOperations.verify.auth).toBe('access');
    expect(authOperations.refresh.body.safeParse(undefined).success).toBe(true);
  });
});
