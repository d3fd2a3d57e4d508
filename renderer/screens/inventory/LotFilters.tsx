// The list's filters with how many lots each holds: all, expired, expiring within 30 or 90 days, low stock.

import { useCommands } from '../../commands/command-store.ts';
import { formatCount } from '../../format/record-values.ts';
import { useInventoryStore } from './inventory-store.ts';
import { FILTER_TITLES, type LotFilter } from './lot-rows.ts';
import { inventoryWords } from './wording.ts';

const FILTERS: readonly LotFilter[] = ['all', 'expired', 'within30', 'within90', 'low'];

export function LotFilters({ counts }: { counts: Record<LotFilter, number> }) {
  const filter = useInventoryStore((state) => state.filter);
  const setFilter = useInventoryStore((state) => state.setFilter);
  useCommands(
    FILTERS.map((each) => ({
      id: `inventory.filter.${each}`,
      title: each === 'all' ? 'Show all lots' : `Show only lots: ${FILTER_TITLES[each].toLowerCase()}`,
      group: 'Inventory',
      keywords: 'filter expired expiring low stock',
      run: () => setFilter(each),
    })),
  );
  return (
    <fieldset className="lot-filters">
      <legend className="field-label">{inventoryWords.show}</legend>
      <div className="segmented">
        {FILTERS.map((each) => (
          <button
            key={each}
            type="button"
            className={`segment lot-filter-${each}`}
            aria-pressed={filter === each}
            onClick={() => setFilter(each)}
          >
            {FILTER_TITLES[each]} <span className="segment-count">{formatCount(counts[each])}</span>
          </button>
        ))}
      </div>
    </fieldset>
  );
}
