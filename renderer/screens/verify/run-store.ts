// The open verifications, kept in memory while the person is signed in: going back to the order and returning keeps
// the counts. Keyed by who and which order, so the next person at the keys never continues someone else's.
import { create } from 'zustand';
import type { VerifyRun } from '../../../contract/rules/verification/run.ts';

interface VerifyStore {
  runs: Record<string, VerifyRun>;
  put(key: string, run: VerifyRun): void;
  drop(key: string): void;
}

export const useRunStore = create<VerifyStore>((set) => ({
  runs: {},
  put: (key, run) => set((state) => ({ runs: { ...state.runs, [key]: run } })),
  drop: (key) =>
    set((state) => {
      const { [key]: _dropped, ...rest } = state.runs;
      return { runs: rest };
    }),
}));

export const runKeyOf = (who: string, orderId: string) => `${who}\u0000${orderId}`;
