// Alt+↓ / Alt+↑ through a list, the same on every record screen.
import { describe, expect, it } from 'vitest';
import { moveSelection, stepCommands } from '../../../../renderer/records/selection.ts';

describe('stepCommands', () => {
  it('names the next and previous commands after the list and its item, on Alt+↓ and Alt+↑', () => {
    const moves: number[] = [];
    const [next, previous] = stepCommands({
      id: 'risk',
      noun: 'risk factor',
      group: 'Risk factors',
      move: (by) => moves.push(by),
    });
    expect(next).toMatchObject({ id: 'risk.next', title: 'Select the next risk factor', shortcut: 'Alt+ArrowDown' });
    expect(previous).toMatchObject({
      id: 'risk.previous',
      title: 'Select the previous risk factor',
      shortcut: 'Alt+ArrowUp',
    });
    next?.run();
    previous?.run();
    expect(moves).toEqual([1, -1]);
  });

  it('passes on whether the commands are enabled, and leaves it out when not given', () => {
    const move = () => {};
    expect(stepCommands({ id: 'l', noun: 'license', group: 'g', enabled: false, move })[0]?.enabled).toBe(false);
    expect('enabled' in (stepCommands({ id: 'l', noun: 'license', group: 'g', move })[0] ?? {})).toBe(false);
  });
});

describe('moveSelection', () => {
  it('starts at the first going down and the last going up, and stays inside the list', () => {
    expect(moveSelection(-1, 1, 3)).toBe(0);
    expect(moveSelection(-1, -1, 3)).toBe(2);
    expect(moveSelection(2, 1, 3)).toBe(2);
    expect(moveSelection(0, -1, 3)).toBe(0);
  });
});
