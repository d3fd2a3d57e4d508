// A virtual list of any length: only the rows on screen are in the page, their pages are read as the list scrolls.
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useCommands } from '../../commands/command-store.ts';
import { formatCount } from '../../format/record-values.ts';
import { StaleNote } from '../../widgets/StaleNote.tsx';
import { describeCount, moveSelection, nothingRead, rowState } from './paged-rows.ts';
import { type PagedSource, useListExtent, usePagedRows } from './usePagedRows.ts';

/** Every row is this tall (CSS `.paged-item` agrees), so positions are arithmetic and scrolling never reflows. */
export const ROW_HEIGHT = 48;
const OVERSCAN = 8;

/** Where each list was scrolled to and which row was selected, so coming back to it finds the same place. */
const memory = new Map<string, { offset: number; selected: number }>();

export interface PagedListProps<Row extends { id: string }> {
  /** The list's accessible name ("Patients"); also the command group. */
  label: string;
  /** One row, for counts and commands ("patient"). */
  noun: string;
  source: PagedSource<Row>;
  /** A class giving `.paged-cells` its grid columns. */
  columnsClass: string;
  columns: readonly string[];
  renderRow(row: Row): ReactNode;
  onOpen(row: Row): void;
  empty: ReactNode;
}

export function PagedList<Row extends { id: string }>(props: PagedListProps<Row>) {
  const { source, noun } = props;
  const memoryKey = source.key.join('.');
  const remembered = memory.get(memoryKey);
  const scrollRef = useRef<HTMLDivElement>(null);
  const innerRef = useRef<HTMLUListElement>(null);
  const [selected, setSelected] = useState(remembered?.selected ?? -1);
  const { extent, rowCount } = useListExtent(source);
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    initialOffset: remembered?.offset ?? 0,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? -1;
  const rows = usePagedRows(source, first, rowCount === 0 ? -1 : Math.max(last, 0));

  const selectedRef = useRef(selected);
  selectedRef.current = selected;
  // Remember the place on the way out.
  useEffect(() => {
    const v = virtualizer;
    return () => {
      memory.set(memoryKey, { offset: v.scrollOffset ?? 0, selected: selectedRef.current });
    };
  }, [memoryKey, virtualizer]);

  // The CSP allows no style attributes; setting the CSSOM from script is allowed, so rows are placed here.
  useLayoutEffect(() => {
    const inner = innerRef.current;
    if (!inner) return;
    inner.style.height = `${virtualizer.getTotalSize()}px`;
    for (const child of inner.children) {
      if (child instanceof HTMLElement) child.style.transform = `translateY(${child.dataset.start ?? 0}px)`;
    }
  });

  const select = (by: number | 'first' | 'last') => {
    const next = moveSelection(selected, by, rowCount);
    setSelected(next);
    if (next >= 0) virtualizer.scrollToIndex(next, { align: 'auto' });
  };
  const page = Math.max(1, items.length - 2 * OVERSCAN);
  const selectedRow = selected >= 0 ? rows.rowAt(selected) : undefined;
  const group = props.label;
  useCommands([
    {
      id: `${memoryKey}.next`,
      title: `Select the next ${noun}`,
      group,
      shortcut: 'Alt+ArrowDown',
      run: () => select(1),
    },
    {
      id: `${memoryKey}.previous`,
      title: `Select the previous ${noun}`,
      group,
      shortcut: 'Alt+ArrowUp',
      run: () => select(-1),
    },
    {
      id: `${memoryKey}.pageDown`,
      title: `Select a page further down`,
      group,
      shortcut: 'Alt+PageDown',
      run: () => select(page),
    },
    {
      id: `${memoryKey}.pageUp`,
      title: `Select a page further up`,
      group,
      shortcut: 'Alt+PageUp',
      run: () => select(-page),
    },
    {
      id: `${memoryKey}.first`,
      title: `Select the first ${noun}`,
      group,
      shortcut: 'Alt+Home',
      run: () => select('first'),
    },
    {
      id: `${memoryKey}.last`,
      title: `Select the last ${noun} read so far`,
      group,
      shortcut: 'Alt+End',
      run: () => select('last'),
    },
    {
      id: `${memoryKey}.open`,
      title: `Open the selected ${noun}`,
      group,
      shortcut: 'Alt+Enter',
      enabled: selectedRow !== undefined,
      run: () => selectedRow && props.onOpen(selectedRow),
    },
  ]);

  const setSize = extent.end ?? -1;
  const failedPages = new Set(rows.failures.map((failure) => failure.page));
  // A first page that failed leaves nothing to count or lay out: the failure alone, with Try again.
  const unread = nothingRead(extent, failedPages);
  return (
    <div className={`paged-list ${props.columnsClass}`}>
      <div className="paged-count">
        <p role="status">{unread ? `The ${noun}s could not be read.` : describeCount(extent, source.pageSize, noun)}</p>
        <p className="paged-keys">
          <kbd>Alt+↑</kbd> <kbd>Alt+↓</kbd> select, <kbd>Alt+Enter</kbd> open
        </p>
      </div>
      {rows.staleSince !== null ? <StaleNote updatedAt={rows.staleSince} refreshFailed /> : null}
      {rows.failures.map((failure) => (
        <div key={failure.page} className="notice notice-bad paged-failure" role="alert">
          Could not read {noun}s {formatCount((failure.page - 1) * source.pageSize + 1)}–
          {formatCount(failure.page * source.pageSize)}: {failure.message}{' '}
          <button type="button" className="button" onClick={failure.retry}>
            Try again
          </button>
        </div>
      ))}
      {unread ? null : rowCount === 0 ? (
        <div className="paged-empty">{props.empty}</div>
      ) : (
        <>
          <div className="paged-cells paged-head" aria-hidden="true">
            {props.columns.map((column) => (
              <span key={column}>{column}</span>
            ))}
          </div>
          <div className="paged-scroll" ref={scrollRef}>
            <ul className="paged-rows" ref={innerRef} aria-label={props.label}>
              {items.map((item) => {
                const row = rows.rowAt(item.index);
                const isSelected = item.index === selected;
                return (
                  <li
                    key={item.key}
                    className="paged-item"
                    data-start={item.start}
                    aria-setsize={setSize}
                    aria-posinset={item.index + 1}
                  >
                    {rowState(item.index, source.pageSize, row !== undefined, failedPages) === 'unread' ? (
                      <span className="paged-cells paged-row row-button paged-loading">
                        Not read: see the message above
                      </span>
                    ) : row ? (
                      <button
                        type="button"
                        className={`paged-cells paged-row row-button${isSelected ? ' row-selected' : ''}`}
                        aria-current={isSelected ? 'true' : undefined}
                        onClick={() => {
                          setSelected(item.index);
                          props.onOpen(row);
                        }}
                      >
                        {props.renderRow(row)}
                      </button>
                    ) : (
                      <span className="paged-cells paged-row row-button paged-loading">Loading…</span>
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        </>
      )}
    </div>
  );
}
