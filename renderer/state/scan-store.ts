// UI state of the last scan: what was scanned, how it went, whether a scanner or a person entered it, and a counter so
// the same code scanned again flashes again.
import { create } from 'zustand';

/** How the last code reached the scan field: a scanner's burst or a person's typing (told apart by
 * scan/keystroke-timing.ts). */
export type ScanEntry = 'scanner' | 'typed';
export type ScanOutcome = 'idle' | 'looking' | 'good' | 'bad';

/** Another person's badge was scanned: the scan bar offers to sign out so they can sign in. */
export interface SwitchOffer {
  userId: string;
  /** Their name when they signed in here before, else null. */
  name: string | null;
}

export interface ScanState {
  /** The last code scanned, trimmed; null before the first scan. */
  code: string | null;
  outcome: ScanOutcome;
  /** What to tell the person about the last scan (what it opened, or why it was refused). */
  message: string | null;
  /** How the last code arrived: a scanner's burst or a person's typing (claimed scans included). */
  lastEntry: ScanEntry | null;
  switchOffer: SwitchOffer | null;
  /** Goes up with every scan, even a repeat of the same code. */
  sequence: number;
  /** The screen (navigation sequence) the last scan's banner belongs to; null while it is looked up. */
  shownOn: number | null;
  /** The answer came from the station alone because the service was offline: stale once it is back. */
  offlineAnswer: boolean;
  /** Ties the finished scan's banner to the screen it left the person on. */
  settle(sequence: number, shownOn: number, offlineAnswer: boolean): void;
  /** Records how the code now being sent was entered; the scan bar calls it for every code, claimed or not. */
  entered(entry: ScanEntry): void;
  started(code: string): number;
  finished(sequence: number, outcome: 'good' | 'bad', message: string | null, switchOffer?: SwitchOffer | null): void;
  dismissSwitchOffer(): void;
  clear(): void;
}

export const useScanStore = create<ScanState>((set, get) => ({
  code: null,
  outcome: 'idle',
  message: null,
  lastEntry: null,
  switchOffer: null,
  sequence: 0,
  shownOn: null,
  offlineAnswer: false,
  settle: (sequence, shownOn, offlineAnswer) => {
    if (get().sequence === sequence) set({ shownOn, offlineAnswer });
  },
  entered: (entry) => set({ lastEntry: entry }),
  started: (code) => {
    const sequence = get().sequence + 1;
    set({ code, outcome: 'looking', message: null, switchOffer: null, sequence, shownOn: null, offlineAnswer: false });
    return sequence;
  },
  // A slow answer to an older scan must not overwrite a newer one.
  finished: (sequence, outcome, message, switchOffer = null) => {
    if (get().sequence === sequence) set({ outcome, message, switchOffer });
  },
  dismissSwitchOffer: () => set({ switchOffer: null }),
  clear: () => set({ code: null, outcome: 'idle', message: null, lastEntry: null, switchOffer: null }),
}));
