// Every action a person can take, in one table: the command palette lists them, the key handler runs their shortcuts.
import { useEffect, useRef } from 'react';
import { create } from 'zustand';

export interface Command {
  /** Unique and stable ("order.verify"); a later registration with the same id replaces the earlier one. */
  id: string;
  /** What the palette shows, a verb first ("Verify this order"). */
  title: string;
  /** The palette's heading for it ("Go to", "Order", "Tasks"). */
  group: string;
  /** "Ctrl+K", "Alt+V", "F2"; leave out for palette-only commands. */
  shortcut?: string;
  /** Words that should also find it in the palette. */
  keywords?: string;
  /** False hides it from the palette and ignores its shortcut (nothing to act on yet). */
  enabled?: boolean;
  run(): void;
}

interface CommandState {
  commands: Map<string, Command>;
  register(commands: Command[]): () => void;
}

export const useCommandStore = create<CommandState>((set, get) => ({
  commands: new Map(),
  register(commands) {
    set((state) => {
      const next = new Map(state.commands);
      for (const command of commands) next.set(command.id, command);
      return { commands: next };
    });
    return () => {
      const current = get().commands;
      const next = new Map(current);
      for (const command of commands) if (current.get(command.id) === command) next.delete(command.id);
      set({ commands: next });
    };
  },
}));

/** What makes two command lists different for the table: ids, titles, shortcuts, keywords, enabled. */
function tableKey(commands: Command[]): string {
  return commands
    .map((c) => [c.id, c.title, c.group, c.shortcut ?? '', c.keywords ?? '', c.enabled !== false].join('\u0000'))
    .join('\n');
}

/**
 * Registers commands while the calling component is mounted. `run` always calls the latest render's function, so
 * callers pass plain closures; the table is rebuilt only when what it shows changes.
 */
export function useCommands(commands: Command[]): void {
  const latest = useRef(commands);
  latest.current = commands;
  const key = tableKey(commands);
  useEffect(() => {
    void key;
    const stable = latest.current.map((command) => ({
      ...command,
      run: () => (latest.current.find((candidate) => candidate.id === command.id) ?? command).run(),
    }));
    return useCommandStore.getState().register(stable);
  }, [key]);
}

export function enabledCommands(): Command[] {
  return [...useCommandStore.getState().commands.values()].filter((command) => command.enabled !== false);
}
