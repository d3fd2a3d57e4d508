// The open verifications as main last answered them, kept in memory while the person is signed in: going back to the
// order and returning shows the counts at once (main's answer to verify:start follows). Keyed by who and which order.
import { create } from 'zustand';
import type { VerifyRunView } from '../../../contract/ipc/verify-runs.ts';

interface VerifyStore {
  runs: Record<string, VerifyRunView>;
  put(key: string, view: VerifyRunView): void;
  drop(key: string): void;
}

export const useRunStore = create<VerifyStore>((set) => ({
  runs: {},
  put: (key, view) => set((state) => ({ runs: { ...state.runs, [key]: view } })),
  drop: (key) =>
    set((state) => {
      const { [key]: _dropped, ...rest } = state.runs;
      return { runs: rest };
    }),
}));

export const runKeyOf = (who: string, orderId: string) => `${who}\u0000${orderId}`;
