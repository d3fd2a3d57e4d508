// UI state of the scan station: the last code scanned and a counter, so scanning the same code again flashes again.
import { create } from 'zustand';

export interface ScanState {
  /** What the last scan resolved to look up, trimmed; null before the first scan. */
  code: string | null;
  /** Goes up with every scan, even a repeat of the same code. */
  sequence: number;
  scan(code: string): void;
  clear(): void;
}

export const useScanStore = create<ScanState>((set) => ({
  code: null,
  sequence: 0,
  scan: (code) => set((state) => ({ code, sequence: state.sequence + 1 })),
  clear: () => set({ code: null }),
}));
