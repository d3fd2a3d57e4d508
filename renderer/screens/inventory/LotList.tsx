// The lots as one virtual list under a heading per product kind: only the rows on screen are in the page, so any
// number of lots scrolls smoothly. Alt+↑/↓ select, Alt+Enter opens, a click opens.

import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useCommands } from '../../commands/command-store.ts';
import { formatCount } from '../../format/record-values.ts';
import { moveSelection, stepCommands } from '../../records/selection.ts';
import { useInventoryStore } from './inventory-store.ts';
import { LotRow } from './LotRow.tsx';
import { KIND_TITLES, type ListRow } from './lot-rows.ts';
import { inventoryWords } from './wording.ts';

/** Heights agree with `.lot-kind-item` and `.lot-item` in inventory.css, so positions are arithmetic. */
export const KIND_ROW_HEIGHT = 44;
export const LOT_ROW_HEIGHT = 64;
const OVERSCAN = 8;

/** Where the list was scrolled to, so coming back from a lot finds the same place. */
let rememberedOffset = 0;

export function LotList({ rows, onOpen }: { rows: readonly ListRow[]; onOpen(lotId: string): void }) {
  const scrollRef = useRef<HTMLElement>(null);
  const innerRef = useRef<HTMLUListElement>(null);
  const selectedId = useInventoryStore((state) => state.selectedId);
  const select = useInventoryStore((state) => state.select);
  // A new key function for new rows: the virtualizer recomputes positions only when its key function (or count) changes,
  // and a filter can swap headings and lots without changing the count.
  const getItemKey = useCallback(
    (index: number) => {
      const row = rows[index];
      if (!row) return index;
      return row.type === 'kind' ? `kind-${row.kind}` : row.view.lot.id;
    },
    [rows],
  );
  const virtualizer = useVirtualizer({
    count: rows.length,
    getItemKey,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index]?.type === 'kind' ? KIND_ROW_HEIGHT : LOT_ROW_HEIGHT),
    overscan: OVERSCAN,
    initialOffset: rememberedOffset,
  });
  const items = virtualizer.getVirtualItems();

  useEffect(() => {
    const v = virtualizer;
    return () => {
      rememberedOffset = v.scrollOffset ?? 0;
    };
  }, [virtualizer]);

  // The CSP allows no style attributes; setting the CSSOM from script is allowed, so rows are placed here.
  useLayoutEffect(() => {
    const inner = innerRef.current;
    if (!inner) return;
    inner.style.height = `${virtualizer.getTotalSize()}px`;
    for (const child of inner.children) {
      if (child instanceof HTMLElement) child.style.transform = `translateY(${child.dataset.start ?? 0}px)`;
    }
  });

  const lotIndexes = rows.flatMap((row, index) => (row.type === 'lot' ? [index] : []));
  const selectedIndex = rows.findIndex((row) => row.type === 'lot' && row.view.lot.id === selectedId);
  const move = (by: number) => {
    if (lotIndexes.length === 0) return;
    const next = moveSelection(lotIndexes.indexOf(selectedIndex), by, lotIndexes.length);
    const index = lotIndexes[next] as number;
    const row = rows[index];
    if (row?.type === 'lot') select(row.view.lot.id);
    virtualizer.scrollToIndex(index, { align: 'auto' });
  };
  useCommands([
    ...stepCommands({ id: 'inventory', noun: 'lot', group: 'Inventory', move }),
    {
      id: 'inventory.open',
      title: inventoryWords.openSelected,
      group: 'Inventory',
      shortcut: 'Alt+Enter',
      enabled: selectedIndex >= 0,
      run: () => selectedId && onOpen(selectedId),
    },
  ]);

  return (
    <section ref={scrollRef} className="paged-scroll" aria-label={inventoryWords.list}>
      <ul ref={innerRef} className="paged-rows">
        {items.map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          if (row.type === 'kind') {
            return (
              <li key={`kind-${row.kind}`} className="lot-kind-item" data-start={item.start}>
                <h2 className="lot-kind">
                  {KIND_TITLES[row.kind]} <span className="lot-kind-count">{formatCount(row.count)}</span>
                </h2>
              </li>
            );
          }
          const id = row.view.lot.id;
          return (
            <li key={id} className="lot-item" data-start={item.start}>
              <LotRow view={row.view} selected={id === selectedId} onOpen={() => onOpen(id)} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
