// The scan field is where the hands are: every action gives the focus back to it (unless a form field is being filled).
export const SCAN_FIELD_ID = 'scan-field';

const DIALOGS = '[role="dialog"],[role="alertdialog"]';

/** Whether the focus is in an open dialog (the palette, a hard stop asking for its reason): it owns the keyboard. */
export function dialogHasFocus(): boolean {
  return Boolean(document.activeElement?.closest(DIALOGS));
}

/** Whether a person is typing in another field, which must keep its focus. */
export function otherFieldHasFocus(): boolean {
  const active = document.activeElement;
  if (!active || active.id === SCAN_FIELD_ID) return false;
  // A dialog (a hard stop waiting for its reason) and a region a person asked for (Alt+C on the checks) keep it.
  if (active.closest(`${DIALOGS},[data-keeps-focus]`)) return true;
  return (
    active instanceof HTMLInputElement ||
    active instanceof HTMLTextAreaElement ||
    active instanceof HTMLSelectElement ||
    (active instanceof HTMLElement && active.isContentEditable)
  );
}

/**
 * Puts the focus back in the scan field; `force` also takes it from another field (after a form was sent). Never from
 * an open dialog, forced or not: a late call (a timer set as the palette closed, run after it was opened again) must
 * not take the keys from the dialog the person is typing in.
 */
export function focusScanField(force = false): void {
  const field = document.getElementById(SCAN_FIELD_ID);
  if (!(field instanceof HTMLInputElement)) return;
  if (dialogHasFocus()) return;
  if (!force && (otherFieldHasFocus() || arrivalHasFocus())) return;
  field.focus();
}

/**
 * Whether the focus is on where a screen landed it on arrival (`data-arrival-focus`: the prescription review's
 * heading, where a screen reader starts): a late, unforced call leaves it there. It is no field, so a scanner's keys
 * pressed on it still reach the scan field (keystroke-timing.ts).
 */
function arrivalHasFocus(): boolean {
  return document.activeElement?.hasAttribute('data-arrival-focus') === true;
}
