// Badge switching: who signed in at this station during this run (in memory only), and whose badge asked for the
// station, so the sign-in screen can wait for that person.

import { create } from 'zustand';
import { nameOf } from '../../rules/words/person-name.ts';
import type { SessionView } from '../queries/session.ts';

type SessionUser = NonNullable<SessionView['user']>;

export interface KnownPerson {
  id: string;
  email: string;
  name: string;
}

interface SwitchUserState {
  /** People who signed in here since the station's screens opened, by user id (never written to disk). */
  known: Record<string, KnownPerson>;
  /** The user whose badge was scanned for "Switch user": the sign-in screen waits for them. */
  expected: string | null;
  remember(user: SessionUser): void;
  expect(userId: string): void;
  clearExpected(): void;
}

/** "Tess Tech", or the email when the service gave no name. */
export function personName(user: Pick<SessionUser, 'firstName' | 'lastName' | 'email'>): string {
  return nameOf(user) ?? user.email;
}

export const useSwitchUserStore = create<SwitchUserState>((set) => ({
  known: {},
  expected: null,
  remember: (user) => {
    if (!user.id) return;
    const person = { id: user.id, email: user.email, name: personName(user) };
    set((state) => ({ known: { ...state.known, [person.id]: person } }));
  },
  expect: (userId) => set({ expected: userId }),
  clearExpected: () => set({ expected: null }),
}));

/** The person a badge names, when they signed in here before; null for a stranger to this station. */
export function knownPerson(userId: string): KnownPerson | null {
  return useSwitchUserStore.getState().known[userId] ?? null;
}
