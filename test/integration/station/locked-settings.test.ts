// A locked station keeps its service: nobody at the lock screen may point it elsewhere; a signed-out one may choose.
import { describe, expect, it } from 'vitest';
import { OPEN_CHANNELS, OPEN_WHILE_LOCKED } from '../../../main/station/station.ts';

describe('the channels a station answers before sign-in and while locked', () => {
  it('lets the sign-in screen choose the service', () => {
    expect(OPEN_CHANNELS.has('settings:update')).toBe(true);
  });

  it('does not let anyone at the lock screen change the service, but lets them sign out', () => {
    expect(OPEN_WHILE_LOCKED.has('settings:update')).toBe(false);
    expect(OPEN_WHILE_LOCKED.has('session:signOut')).toBe(true);
    expect(OPEN_WHILE_LOCKED.has('session:unlock')).toBe(true);
  });
});
