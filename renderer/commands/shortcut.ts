// Keyboard shortcuts written as "Ctrl+K", "Alt+V", "F2": parsed once, matched against key events, shown to people.

export interface Shortcut {
  ctrl: boolean;
  alt: boolean;
  shift: boolean;
  /** The key as KeyboardEvent.key reports it, lower case for letters ("k", "f2", "enter", "escape"). */
  key: string;
}

export function parseShortcut(text: string): Shortcut {
  const parts = text.split('+').map((part) => part.trim());
  const key = (parts.pop() ?? '').toLowerCase();
  const mods = new Set(parts.map((part) => part.toLowerCase()));
  return { ctrl: mods.has('ctrl'), alt: mods.has('alt'), shift: mods.has('shift'), key };
}

export function matchesShortcut(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
  text: string,
): boolean {
  const shortcut = parseShortcut(text);
  // Cmd on a Mac keyboard counts as Ctrl, so one table serves both.
  const ctrl = event.ctrlKey || event.metaKey;
  return (
    ctrl === shortcut.ctrl &&
    event.altKey === shortcut.alt &&
    event.shiftKey === shortcut.shift &&
    event.key.toLowerCase() === shortcut.key
  );
}
