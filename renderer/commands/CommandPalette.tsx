// Ctrl+K: every screen and action by name; arrows choose, Enter runs, Escape closes, the focus goes back to the scan field.
import { useEffect, useMemo, useRef, useState } from 'react';
import { focusScanField } from '../scan/focus.ts';
import { type Command, enabledCommands, useCommandRegistry } from './registry.ts';

/** Screens first, then the open screen's actions, the station's own (lock, sign out) last. */
function groupRank(group: string): number {
  if (group === 'Go to') return 0;
  if (group === 'Station') return 2;
  return 1;
}

function matches(command: Command, words: string[]): boolean {
  const haystack = `${command.group} ${command.title} ${command.keywords ?? ''}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export function CommandPalette({ onClose }: { onClose: () => void }) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const registry = useCommandRegistry((state) => state.commands);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the registry changing is what refreshes the list.
  const found = useMemo(() => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    return enabledCommands()
      .filter((command) => matches(command, words))
      .sort((a, b) => groupRank(a.group) - groupRank(b.group));
  }, [query, registry]);

  useEffect(() => inputRef.current?.focus(), []);
  useEffect(() => setActive((index) => Math.min(index, Math.max(found.length - 1, 0))), [found.length]);

  function close() {
    onClose();
    setTimeout(() => focusScanField(true), 0);
  }

  function run(command: Command | undefined) {
    if (!command) return;
    onClose();
    command.run();
    // A command that opened a form keeps its focus; otherwise the hands go back to the scanner.
    setTimeout(() => focusScanField(), 0);
  }

  function onKeyDown(event: React.KeyboardEvent) {
    if (event.key === 'ArrowDown') setActive((index) => Math.min(index + 1, found.length - 1));
    else if (event.key === 'ArrowUp') setActive((index) => Math.max(index - 1, 0));
    else if (event.key === 'Enter') run(found[active]);
    else if (event.key === 'Escape') close();
    else return;
    event.preventDefault();
    event.stopPropagation();
  }

  return (
    // A click outside closes it; the keyboard's way is Escape, handled in the field.
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is not a control, Escape is the keyboard path.
    <div className="palette-backdrop" onMouseDown={close}>
      <div
        className="palette"
        role="dialog"
        aria-modal="true"
        aria-label="Command palette"
        onMouseDown={(event) => event.stopPropagation()}
      >
        <input
          ref={inputRef}
          className="palette-input"
          role="combobox"
          aria-expanded="true"
          aria-controls="palette-list"
          aria-activedescendant={found[active] ? `palette-${found[active].id}` : undefined}
          aria-label="Search screens and actions"
          placeholder="Type a screen or an action…"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          spellCheck={false}
        />
        <div id="palette-list" className="palette-list" role="listbox" aria-label="Screens and actions">
          {found.map((command, index) => (
            <div
              key={command.id}
              tabIndex={-1}
              id={`palette-${command.id}`}
              role="option"
              aria-selected={index === active}
              className={index === active ? 'palette-item palette-active' : 'palette-item'}
              onMouseEnter={() => setActive(index)}
              onClick={() => run(command)}
              onKeyDown={undefined}
            >
              <span className="palette-group">{command.group}</span>
              <span className="palette-title">{command.title}</span>
              {command.shortcut ? <kbd className="palette-shortcut">{command.shortcut}</kbd> : null}
            </div>
          ))}
          {found.length === 0 ? <p className="palette-empty muted">Nothing matches “{query}”.</p> : null}
        </div>
      </div>
    </div>
  );
}
