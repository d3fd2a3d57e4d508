// Scanner or person? A scanner types its code as one burst, a few ms per character, then Enter; people are slower and
// uneven. Where a site programs its scanners to mark each code (a prefix, a suffix), the marks decide instead.
// The scan field's ears (`useScanKeys`, at the end) time every key bound for it, and catch a scanner's burst that
// starts while the focus is on a button or nowhere, so the code still lands in the scan field instead of being lost.
import { useEffect } from 'react';
import type { ScanEntry } from '../state/scan-store.ts';
import { dialogHasFocus, otherFieldHasFocus, SCAN_FIELD_ID } from './focus.ts';

/**
 * The limits of a burst, judged on the whole run of gaps. Scanners send a character every 1–20 ms (USB HID polling);
 * the quickest typists still need 60 ms or more between most keys, so the median says which it is (45 ms: a
 * burst recorded on an overloaded 2-core machine had a median of 36 ms). A busy computer
 * stretches some gaps of a real burst (the keys wait while the page is busy), so a few stretched gaps are forgiven,
 * up to a quarter of them; a pause longer than `maxGapMs` is a person who typed part of a code and stopped.
 */
export const BURST = {
  /** Shorter codes are not enough keys to tell, and nothing scanned here is that short. */
  minLength: 4,
  maxMedianGapMs: 45,
  /** A gap longer than this is stretched (no scanner is that slow); a few are forgiven. */
  stretchedGapMs: 100,
  /** The share of gaps that may be stretched; at least one always may. */
  maxStretchedShare: 0.25,
  maxGapMs: 500,
} as const;

export interface Keystrokes {
  /** When each printed character was keyed (ms, any monotonic clock), in order. */
  times: readonly number[];
  /** When Enter was pressed, on the same clock. */
  enterAt: number;
  /** Length of the code sent; more characters than keystrokes means some were pasted or filled in. */
  codeLength: number;
  /** Backspace, Delete, arrows, or a key held down (auto-repeat): a scanner does neither. */
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
  return isBurst(gapsOf(keys)) ? 'scanner' : 'typed';
}

/** Whether this run of gaps between keys (Enter included) is a scanner's burst, judged on the whole run. */
export function isBurst(gaps: readonly number[]): boolean {
  if (gaps.length === 0 || gaps.some((gap) => gap < 0)) return false;
  if (median(gaps) > BURST.maxMedianGapMs) return false;
  if (Math.max(...gaps) > BURST.maxGapMs) return false;
  const stretched = gaps.filter((gap) => gap > BURST.stretchedGapMs).length;
  return stretched <= Math.max(1, Math.floor(gaps.length * BURST.maxStretchedShare));
}

/** The characters a site's scanners send around each code (station settings); null where they send none. */
export interface ScannerMarks {
  prefix: string | null;
  suffix: string | null;
}

/**
 * With marks configured, they decide: a code that ends in a marked burst came from a scanner (the marks are taken off),
 * any other was typed. Without marks, null: the key timing decides.
 */
export function readMarks(text: string, marks: ScannerMarks): { code: string; entry: ScanEntry } | null {
  const { prefix, suffix } = marks;
  if (!prefix && !suffix) return null;
  const before = prefix ?? '';
  const after = suffix ?? '';
  if (!text.endsWith(after)) return { code: text, entry: 'typed' };
  const body = text.slice(0, text.length - after.length);
  // The last prefix: what comes before it was typed by hand first (a count before a scanned SKU, `30*`).
  const at = before === '' ? 0 : body.lastIndexOf(before);
  if (at < 0 || body.length - at - before.length < 1) return { code: text, entry: 'typed' };
  return { code: `${body.slice(0, at)}${body.slice(at + before.length)}`.trim(), entry: 'scanner' };
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

/** Keys that correct what is in the field: a scanner never sends them. */
const EDIT_KEYS = new Set(['Backspace', 'Delete', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);

/** A character key without Ctrl, Alt or Cmd (Shift makes capitals, as scanners do). */
function printable(event: KeyboardEvent): boolean {
  return !event.ctrlKey && !event.metaKey && !event.altKey && event.key.length === 1;
}

/** The scan field when it can take keys: not behind the lock screen (inert) or hidden. */
function liveScanField(): HTMLInputElement | null {
  const field = document.getElementById(SCAN_FIELD_ID);
  if (!(field instanceof HTMLInputElement) || field.closest('[inert],[hidden]')) return null;
  return field;
}

/** True when a key on the focused element belongs to it: a form field, or anything in a dialog. */
function focusOwnsKeys(): boolean {
  return otherFieldHasFocus() || dialogHasFocus();
}

/**
 * While mounted: logs the keys typed in the scan field into `log`, and moves a printable key pressed on a non-text
 * element (a button, the page) into the scan field with `insert`. Space is left alone: on a button it presses it.
 */
export function useScanKeys(log: KeystrokeLog, insert: (character: string) => void): void {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.isComposing) return;
      const field = liveScanField();
      if (!field) return;
      if (event.target === field) {
        // A held key repeats at scanner speed; a scanner never holds one.
        if (event.repeat || EDIT_KEYS.has(event.key)) log.edit();
        else if (printable(event)) log.key(event.timeStamp);
        return;
      }
      if (event.defaultPrevented || !printable(event) || event.key === ' ' || focusOwnsKeys()) return;
      event.preventDefault();
      field.focus();
      insert(event.key);
      log.key(event.timeStamp);
    }
    // Capture: seen before any handler on the focused element can act on the key.
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [log, insert]);
}
