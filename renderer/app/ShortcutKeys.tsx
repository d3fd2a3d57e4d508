// One keydown listener for the whole station: Ctrl+K opens the palette, every registered shortcut runs its command.
import { useEffect, useState } from 'react';
import { enabledCommands } from '../commands/command-store.ts';
import { matchesShortcut } from '../commands/shortcut.ts';
import { dialogHasFocus, focusScanField } from '../scan/focus.ts';
import { CommandPalette } from './CommandPalette.tsx';

export const PALETTE_SHORTCUT = 'Ctrl+K';

export function ShortcutKeys() {
  const [paletteOpen, setPaletteOpen] = useState(false);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing) return;
      if (matchesShortcut(event, PALETTE_SHORTCUT)) {
        event.preventDefault();
        setPaletteOpen((open) => !open);
        return;
      }
      if (paletteOpen) return;
      // A dialog (a hard stop asking for a reason) owns the keyboard until it is answered.
      if (dialogHasFocus()) return;
      const command = enabledCommands().find(
        (candidate) => candidate.shortcut && matchesShortcut(event, candidate.shortcut),
      );
      if (!command) return;
      event.preventDefault();
      command.run();
      setTimeout(() => focusScanField(), 0);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [paletteOpen]);

  return paletteOpen ? <CommandPalette onClose={() => setPaletteOpen(false)} /> : null;
}
