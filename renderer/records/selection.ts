// Moving a selection through a list by keyboard, the same way on every record screen: Alt+↓ the next, Alt+↑ the
// previous (with nothing selected, the first going down and the last going up).
import type { Command } from '../commands/command-store.ts';

export { moveSelection } from './list/paged-rows.ts';

export function stepCommands(options: {
  /** The commands' id prefix ("risk" → "risk.next", "risk.previous"). */
  id: string;
  /** One item, for the palette ("risk factor" → "Select the next risk factor"). */
  noun: string;
  group: string;
  enabled?: boolean;
  move(by: 1 | -1): void;
}): Command[] {
  const { id, noun, group, enabled, move } = options;
  const when = enabled === undefined ? {} : { enabled };
  return [
    {
      id: `${id}.next`,
      title: `Select the next ${noun}`,
      group,
      shortcut: 'Alt+ArrowDown',
      ...when,
      run: () => move(1),
    },
    {
      id: `${id}.previous`,
      title: `Select the previous ${noun}`,
      group,
      shortcut: 'Alt+ArrowUp',
      ...when,
      run: () => move(-1),
    },
  ];
}
