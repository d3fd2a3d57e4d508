// One lot in the list: product, batch and manufacturer, quantity on hand of the initial, cost, received and expiry
// days, and its flags. Every cell names itself for a screen reader (the column heads are only seen).
import { formatDay } from '../../format/record-values.ts';
import { LotFlags } from './LotFlags.tsx';
import { formatMoney, formatQuantity } from './lot-format.ts';
import type { LotView } from './lot-rows.ts';
import { inventoryWords, lotWords } from './wording.ts';

const row = inventoryWords.row;

function Hidden({ children }: { children: string }) {
  return <span className="sr-only">{children}</span>;
}

export function LotRow({ view, selected, onOpen }: { view: LotView; selected: boolean; onOpen(): void }) {
  const { lot, product } = view;
  const details = [lot.batch_number ? row.batch(lot.batch_number) : row.noBatch, lot.manufacturer]
    .filter(Boolean)
    .join(' · ');
  return (
    <button
      type="button"
      className={`lot-row row-button lot-cells${selected ? ' row-selected' : ''}`}
      aria-current={selected || undefined}
      onClick={onOpen}
    >
      <span className="lot-product">
        <span className="lot-product-name">{product?.name ?? lotWords.unknownProduct}</span>
        <span className="lot-sub">{details}</span>
      </span>
      <span className="lot-number">
        <Hidden>{row.onHand}</Hidden>
        {formatQuantity(lot.current_quantity, lot.unit_type)}
        <span className="lot-sub">
          {row.of}
          {formatQuantity(lot.initial_quantity)}
        </span>
      </span>
      <span className="lot-number">
        <Hidden>{row.cost}</Hidden>
        {formatMoney(lot.cost_per_unit)}
      </span>
      <span>
        <Hidden>{row.received}</Hidden>
        {formatDay(lot.received_date)}
      </span>
      <span>
        <Hidden>{row.expires}</Hidden>
        {lot.expiration_date ? formatDay(lot.expiration_date) : lotWords.noExpiry}
      </span>
      <span className="lot-flags">
        <LotFlags view={view} />
      </span>
    </button>
  );
}

/** The column heads above the list, for sighted readers (each cell says what it is to a screen reader). */
export function LotColumns() {
  return (
    <div className="lot-cells paged-head lot-head" aria-hidden="true">
      {inventoryWords.columns.map((column) => (
        <span key={column}>{column}</span>
      ))}
    </div>
  );
}
