// Quantities, money and lot names as people read them on the inventory screens.
import type { InventoryLot } from '../../../contract/service/inventory.ts';
import { formatDay } from '../../format/record-values.ts';
import { quantityOf } from './lot-flags.ts';

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
const moneyFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 4 });

/** "1,200 each", "12.5 mL"; a dash when the service gave no number. */
export function formatQuantity(value: unknown, unitType?: string | null): string {
  const quantity = quantityOf(value);
  if (quantity === null) return '—';
  const unit = unitType?.trim();
  return unit ? `${numberFormat.format(quantity)} ${unit}` : numberFormat.format(quantity);
}

/** "+25", "−3" (a real minus sign, which screen readers say as "minus"). */
export function formatChange(change: number): string {
  return change > 0 ? `+${numberFormat.format(change)}` : `−${numberFormat.format(-change)}`;
}

/** "$0.45"; a dash when there is no cost. */
export function formatMoney(value: unknown): string {
  const amount = quantityOf(value);
  return amount === null ? '—' : moneyFormat.format(amount);
}

/**
 * How a lot is named in titles and sentences: "Lot B123456"; boxes and cold packs have no batch number, so by the day
 * they came in ("Lot received Mar 3, 2026").
 */
export function lotName(lot: Pick<InventoryLot, 'batch_number' | 'received_date'>): string {
  const batch = lot.batch_number?.trim();
  if (batch) return `Lot ${batch}`;
  return lot.received_date ? `Lot received ${formatDay(lot.received_date)}` : 'Lot without a batch number';
}
