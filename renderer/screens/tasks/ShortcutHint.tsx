// The visible half of a shortcut: the keys printed on the button they work (aria-keyshortcuts says it to machines).
import type { ButtonHTMLAttributes } from 'react';
import { ariaShortcut } from './task-format.ts';

export function ShortcutHint({ shortcut }: { shortcut: string }) {
  return <kbd className="task-key">{shortcut.replace('Arrow', '').replace('Escape', 'Esc')}</kbd>;
}

/** A button that names its shortcut for eyes and for screen readers. */
export function ShortcutButton({
  shortcut,
  primary = false,
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { shortcut: string; primary?: boolean }) {
  return (
    <button
      type="button"
      className={primary ? 'button button-primary task-button' : 'button task-button'}
      aria-keyshortcuts={ariaShortcut(shortcut)}
      {...props}
    >
      {children} <ShortcutHint shortcut={shortcut} />
    </button>
  );
}
