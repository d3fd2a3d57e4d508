// Scanner or person? A scanner types its code as one burst, a few ms per character, then Enter; people are slower and uneven.

/** How the last code reached the scan field. */
export type ScanEntry = 'scanner' | 'typed';

/**
 * The limits of a burst. Scanners send a character every 1–20 ms (USB HID polling); the quickest typists still
 * need 60 ms or more between most keys. The median tolerates a browser hiccup in the middle of a burst; the longest
 * gap rules out a person who typed part of a code and then paused.
 */
export const BURST = {
  /** Shorter codes are not enough keys to tell, and nothing scanned here is that short. */
  minLength: 4,
  maxMedianGapMs: 35,
  maxGapMs: 300,
} as const;

export interface Keystrokes {
  /** When each printed character was keyed (ms, any monotonic clock), in order. */
  times: readonly number[];
  /** When Enter was pressed, on the same clock. */
  enterAt: number;
  /** Length of the code sent; more characters than keystrokes means some were pasted or filled in. */
  codeLength: number;
  /** Backspace, Delete, arrows: a scanner never corrects itself. */
  edited: boolean;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle] as number;
  return ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The gaps between consecutive keystrokes, Enter included. */
export function gapsOf(keys: Pick<Keystrokes, 'times' | 'enterAt'>): number[] {
  const all = [...keys.times, keys.enterAt];
  return all.slice(1).map((at, index) => at - (all[index] as number));
}

export function classifyEntry(keys: Keystrokes): ScanEntry {
  if (keys.edited) return 'typed';
  if (keys.codeLength < BURST.minLength || keys.times.length < keys.codeLength) return 'typed';
  const gaps = gapsOf(keys);
  if (gaps.some((gap) => gap < 0)) return 'typed';
  if (median(gaps) > BURST.maxMedianGapMs) return 'typed';
  if (Math.max(...gaps) > BURST.maxGapMs) return 'typed';
  return 'scanner';
}

/** Collects the keystrokes of one code as they arrive in the scan field; read and reset it on Enter. */
export function createKeystrokeLog() {
  let times: number[] = [];
  let edited = false;
  return {
    key(at: number): void {
      times.push(at);
    },
    edit(): void {
      edited = true;
    },
    /** How the code of `codeLength` characters, sent at `enterAt`, was entered; starts a new log. */
    finish(enterAt: number, codeLength: number): ScanEntry {
      // Keys typed before a field was cleared belong to no code: keep only the last `codeLength` of them.
      const entry = classifyEntry({ times: times.slice(-codeLength), enterAt, codeLength, edited });
      times = [];
      edited = false;
      return entry;
    },
    reset(): void {
      times = [];
      edited = false;
    },
  };
}

export type KeystrokeLog = ReturnType<typeof createKeystrokeLog>;
