// The one action button: it shows its keyboard shortcut and announces it (aria-keyshortcuts), the way every action
// here is built. The shortcut is drawn in one of three looks, so each screen keeps the look it has always had.
import type { ReactNode } from 'react';
import './action-button.css';

/** "Ctrl+Enter" → "Control+Enter": aria-keyshortcuts spells the modifier out. */
export function ariaShortcut(shortcut: string): string {
  return shortcut.replace(/\bCtrl\b/g, 'Control');
}

/**
 * How the shortcut is drawn beside the words: `hint` the records and forms screens' outlined hint (records.css);
 * `quiet` the prescription review's muted key; `bold` the verify screen's larger key, with Escape written "Esc".
 */
export type KeyLook = 'hint' | 'quiet' | 'bold';

const keyClass: Record<KeyLook, string> = { hint: 'key-hint', quiet: 'action-key-quiet', bold: 'action-key-bold' };

/** The shortcut as printed on the button. */
export function shownShortcut(shortcut: string, look: KeyLook): string {
  return look === 'bold' ? shortcut.replace('Escape', 'Esc') : shortcut;
}

export function ActionButton(props: {
  /** The visible words. */
  children: ReactNode;
  shortcut?: string | undefined;
  onClick(): void;
  primary?: boolean;
  disabled?: boolean;
  /** A longer accessible name when the visible words lean on what is around them ("Confirm" → "Confirm Latex"). */
  label?: string;
  title?: string;
  className?: string;
  keyLook?: KeyLook;
}) {
  const look = props.keyLook ?? 'hint';
  return (
    <button
      type="button"
      className={`button action-button${props.primary ? ' button-primary' : ''} ${props.className ?? ''}`}
      onClick={props.onClick}
      disabled={props.disabled}
      aria-label={props.label}
      title={props.title}
      aria-keyshortcuts={props.shortcut ? ariaShortcut(props.shortcut) : undefined}
    >
      {props.children}
      {props.shortcut ? (
        <span className={keyClass[look]} aria-hidden="true">
          {shownShortcut(props.shortcut, look)}
        </span>
      ) : null}
    </button>
  );
}
