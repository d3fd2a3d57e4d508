// The scan field's ears: times every key bound for it (burst or typing), and catches a scanner's burst that starts
// while the focus is on a button or nowhere, so the code still lands in the scan field instead of being lost.
import { useEffect } from 'react';
import { otherFieldHasFocus, SCAN_FIELD_ID } from './focus.ts';
import type { KeystrokeLog } from './keystroke-timing.ts';

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
  return otherFieldHasFocus() || Boolean(document.activeElement?.closest('[role="dialog"],[role="alertdialog"]'));
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
