// A button that shows its keyboard shortcut and announces it (aria-keyshortcuts), the way every action here is built.
import type { ReactNode } from 'react';

/** "Ctrl+Enter" → "Control+Enter": aria-keyshortcuts spells the modifier out. */
export function ariaShortcut(shortcut: string): string {
  return shortcut.replace(/\bCtrl\b/g, 'Control');
}

export function ActionButton(props: {
  children: ReactNode;
  shortcut?: string | undefined;
  onClick(): void;
  primary?: boolean;
  disabled?: boolean;
  /** A longer accessible name when the visible words lean on what is around them ("Confirm" → "Confirm Latex"). */
  label?: string;
  title?: string;
  className?: string;
}) {
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
        <span className="key-hint" aria-hidden="true">
          {props.shortcut}
        </span>
      ) : null}
    </button>
  );
}
