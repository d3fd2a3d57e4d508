// The open verifications, kept in memory while the person is signed in: going back to the order and returning keeps
// the counts. Keyed by who and which order, so the next person at the keys never continues someone else's.
import { create } from 'zustand';
import type { VerifySession } from './session.ts';

interface VerifyStore {
  sessions: Record<string, VerifySession>;
  put(key: string, session: VerifySession): void;
  drop(key: string): void;
}

export const useRunStore = create<VerifyStore>((set) => ({
  sessions: {},
  put: (key, session) => set((state) => ({ sessions: { ...state.sessions, [key]: session } })),
  drop: (key) =>
    set((state) => {
      const { [key]: _dropped, ...rest } = state.sessions;
      return { sessions: rest };
    }),
}));

export const sessionKeyOf = (who: string, orderId: string) => `${who}\u0000${orderId}`;
