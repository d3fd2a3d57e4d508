// The inventory list screen: what needs attention (expired, expiring, low stock) as filters with counts, words to
// narrow the lots, and the lots grouped by product kind. Alt+N receives a new lot; Alt+S goes to the words.
import { useMemo, useRef } from 'react';
import { useCommands } from '../../commands/command-store.ts';
import { formatCount, localDay } from '../../format/record-values.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { useCatalogue, useInventoryList } from '../../queries/inventory.ts';
import { messageOf } from '../../queries/station.ts';
import { navigate } from '../../state/navigation-store.ts';
import { StaleNote } from '../../widgets/StaleNote.tsx';
import { useInventoryStore } from './inventory-store.ts';
import { LotFilters } from './LotFilters.tsx';
import { LotList } from './LotList.tsx';
import { LotNotice } from './LotNotice.tsx';
import { LotColumns } from './LotRow.tsx';
import { LowStockNotice } from './LowStockNotice.tsx';
import { filterCounts, groupRows, lotViews } from './lot-rows.ts';
import { inventoryWords } from './wording.ts';

export const NEW_LOT_SHORTCUT = 'Alt+N';
const FIND_SHORTCUT = 'Alt+S';
const FIND_FIELD_ID = 'inventory-find';

export function InventoryList({ onNew }: { onNew(): void }) {
  const inventory = useInventoryList();
  const catalogue = useCatalogue();
  const { filter, text, setText } = useInventoryStore();
  const findRef = useRef<HTMLInputElement>(null);
  const today = localDay();
  const views = useMemo(() => lotViews(inventory.data, catalogue.data, today), [inventory.data, catalogue.data, today]);
  const rows = useMemo(() => groupRows(views, filter, text), [views, filter, text]);
  const counts = useMemo(() => filterCounts(views), [views]);
  const productCount = useMemo(() => new Set(views.map((view) => view.lot.product_id)).size, [views]);
  const open = (lotId: string) => {
    useInventoryStore.getState().select(lotId);
    navigate({ screen: 'inventory', lotId });
  };

  useCommands([
    { id: 'inventory.new', title: inventoryWords.receive, group: 'Inventory', shortcut: NEW_LOT_SHORTCUT, run: onNew },
    {
      id: 'inventory.find',
      title: inventoryWords.find,
      group: 'Inventory',
      shortcut: FIND_SHORTCUT,
      run: () => setTimeout(() => findRef.current?.focus(), 0),
    },
  ]);

  const failed = inventory.isError && !inventory.data;
  return (
    <main className="screen records inventory" aria-labelledby="inventory-title">
      <header className="records-head">
        <div>
          <h1 id="inventory-title">{inventoryWords.title}</h1>
          <p className="muted">
            {inventory.data
              ? inventoryWords.counts(formatCount(views.length), formatCount(productCount))
              : inventoryWords.readingLots}
          </p>
        </div>
        <ActionButton primary shortcut={NEW_LOT_SHORTCUT} onClick={onNew}>
          {inventoryWords.receive}
        </ActionButton>
      </header>
      <LotNotice />
      {inventory.data ? (
        <StaleNote updatedAt={inventory.dataUpdatedAt} refreshFailed={inventory.isRefetchError} />
      ) : null}
      {catalogue.isError ? (
        <p className="notice notice-warn" role="status">
          {inventoryWords.namesNotRead}
          {messageOf(catalogue.error)}
          {inventoryWords.namesNotReadEnd}
        </p>
      ) : null}
      <LowStockNotice catalogue={catalogue.data} inventory={inventory.data} />
      <div className="lot-toolbar">
        <div className="field lot-find">
          <label className="field-label" htmlFor={FIND_FIELD_ID}>
            {inventoryWords.findLots}
            <kbd>{FIND_SHORTCUT}</kbd>
          </label>
          <input
            id={FIND_FIELD_ID}
            ref={findRef}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={inventoryWords.findExample}
            autoComplete="off"
            spellCheck={false}
            aria-keyshortcuts="Alt+S"
          />
        </div>
        <LotFilters counts={counts} />
      </div>
      {failed ? (
        <div className="notice notice-bad" role="alert">
          {inventoryWords.notRead}
          {messageOf(inventory.error)}{' '}
          <button type="button" className="button" onClick={() => void inventory.refetch()}>
            {inventoryWords.tryAgain}
          </button>
        </div>
      ) : inventory.data && rows.length === 0 ? (
        <p className="lot-empty">{views.length === 0 ? inventoryWords.noLots : inventoryWords.noMatch}</p>
      ) : inventory.data ? (
        <div className="lot-table">
          <LotColumns />
          <LotList rows={rows} onOpen={open} />
        </div>
      ) : null}
    </main>
  );
}
