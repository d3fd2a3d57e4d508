// A button for a command: its shortcut shown on it and announced (aria-keyshortcuts), so hands learn the keys.

/** "Alt+D" as aria-keyshortcuts wants it ("Alt+D"); Ctrl becomes Control. */
function ariaShortcut(shortcut: string): string {
  return shortcut.replace(/\bCtrl\b/, 'Control');
}

export function ActionButton({
  label,
  shortcut,
  onClick,
  disabled = false,
  primary = false,
}: {
  label: string;
  shortcut: string;
  onClick: () => void;
  disabled?: boolean;
  primary?: boolean;
}) {
  return (
    <button
      type="button"
      className={`button verify-action${primary ? ' button-primary' : ''}`}
      onClick={onClick}
      disabled={disabled}
      aria-keyshortcuts={ariaShortcut(shortcut)}
    >
      {label}
      <kbd className="verify-key">{shortcut.replace('Escape', 'Esc')}</kbd>
    </button>
  );
}
