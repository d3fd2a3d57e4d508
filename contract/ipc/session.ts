// What the renderer may know about the sign-in: who, which role, until when, where the secret lives. Never a token.
import { z } from 'zod';

export const sessionStatus = z.enum(['signed_out', 'signed_in', 'locked']);

export const sessionUser = z.strictObject({
  id: z.string().nullable(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});

export const sessionState = z.strictObject({
  status: sessionStatus,
  user: sessionUser.nullable(),
  role: z.string().nullable(),
  /** The service confirmed who this is in this run; until then a role read back from disk allows reading only. */
  roleConfirmed: z.boolean(),
  /**
   * What the role may do (the rules' capability table, as main reads it for this role), for the screen to show or hide
   * a control. Main still checks every channel, and an action waits for `roleConfirmed`.
   */
  capabilities: z.array(z.string().max(64)).max(64),
  /** When this sign-in ends (the refresh token's expiry), or null. */
  expiresAt: z.string().nullable(),
  /** 'memory' means no keychain: the sign-in lasts this run only, and the UI says so. */
  keychain: z.enum(['keychain', 'memory']),
});
export type SessionStateView = z.infer<typeof sessionState>;

export const sessionChangeReason = z.enum([
  'signed_in',
  'restored',
  'signed_out',
  'refresh_refused',
  'locked',
  'unlocked',
  'user_updated',
]);

export const signInInput = z.strictObject({
  email: z.email().max(254),
  password: z.string().min(1).max(1024),
});

export const unlockInput = z.strictObject({ password: z.string().min(1).max(1024) });
