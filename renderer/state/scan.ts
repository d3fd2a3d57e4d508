// UI state of the last scan: what was scanned, how it went, and a counter so the same code scanned again flashes again.
import { create } from 'zustand';

export type ScanOutcome = 'idle' | 'looking' | 'good' | 'bad';

export interface ScanState {
  /** The last code scanned, trimmed; null before the first scan. */
  code: string | null;
  outcome: ScanOutcome;
  /** What to tell the person about the last scan (why it was refused, what it opened). */
  message: string | null;
  /** Goes up with every scan, even a repeat of the same code. */
  sequence: number;
  started(code: string): number;
  finished(sequence: number, outcome: 'good' | 'bad', message: string | null): void;
  clear(): void;
}

export const useScanStore = create<ScanState>((set, get) => ({
  code: null,
  outcome: 'idle',
  message: null,
  sequence: 0,
  started: (code) => {
    const sequence = get().sequence + 1;
    set({ code, outcome: 'looking', message: null, sequence });
    return sequence;
  },
  // A slow answer to an older scan must not overwrite a newer one.
  finished: (sequence, outcome, message) => {
    if (get().sequence === sequence) set({ outcome, message });
  },
  clear: () => set({ code: null, outcome: 'idle', message: null }),
}));
