// A screen button that runs a command and shows its shortcut, for eyes (the hint) and assistive technology (aria-keyshortcuts).
export function ActionButton({
  label,
  shortcut,
  onClick,
  disabled = false,
}: {
  label: string;
  shortcut: string;
  onClick(): void;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      className="button rx-action"
      aria-keyshortcuts={shortcut}
      onClick={onClick}
      disabled={disabled}
    >
      {label}
      <span className="rx-key" aria-hidden="true">
        {shortcut}
      </span>
    </button>
  );
}
