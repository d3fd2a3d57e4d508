// What a lot needs attention for: expired (rules/days.ts `lotExpired`), expiring within its windows (30/60/90 days),
// its material low on stock, and which lot of each product to use first (the first-expiring one that can still be
// used). Pure: `today` is given, YYYY-MM-DD.
import type { InventoryLot } from '../../../contract/service/inventory.ts';
import type { OrderMaterial } from '../../../contract/service/products.ts';
import { LOT_EXPIRY_WINDOWS_DAYS, lotExpired } from '../../../rules/days.ts';
import { dayPart, daysUntil } from '../../format/record-values.ts';

/** The expiry bands, most urgent first; a lot falls in the first that holds. */
export type ExpiryBand = 'expired' | 'within30' | 'within60' | 'within90';

export interface ExpiryStatus {
  band: ExpiryBand | null;
  /** Days from today to the expiry day (negative once past), or null when the lot has no expiry. */
  days: number | null;
}

/**
 * A lot expires at the end of its expiry day, so on that day it is still usable ("expires today"), and expired the
 * day after.
 */
export function expiryOf(expiration: string | null | undefined, today: string): ExpiryStatus {
  const days = daysUntil(expiration, today);
  if (days === null) return { band: null, days: null };
  if (lotExpired(dayPart(expiration), dayPart(today) ?? today)) return { band: 'expired', days };
  const [within30, within60, within90] = LOT_EXPIRY_WINDOWS_DAYS;
  if (days <= within30) return { band: 'within30', days };
  if (days <= within60) return { band: 'within60', days };
  if (days <= within90) return { band: 'within90', days };
  return { band: null, days };
}

/** "Expired 12 days ago", "Expires today", "Expires in 45 days"; null when there is nothing to say. */
export function expiryWords(status: ExpiryStatus): string | null {
  const { band, days } = status;
  if (band === null || days === null) return null;
  if (band === 'expired') return days === -1 ? 'Expired yesterday' : `Expired ${-days} days ago`;
  if (days === 0) return 'Expires today';
  return days === 1 ? 'Expires tomorrow' : `Expires in ${days} days`;
}

/** A number the service sent (looseNumber already made strings numbers), or null for nothing usable. */
export function quantityOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A lot that can be picked from: active, holding something, not expired. */
export function isUsable(lot: InventoryLot, today: string): boolean {
  if (lot.is_active === false) return false;
  const quantity = quantityOf(lot.current_quantity);
  if (quantity !== null && quantity <= 0) return false;
  return expiryOf(lot.expiration_date, today).band !== 'expired';
}

/** Days compare as text (YYYY-MM-DD); a lot with no day sorts after every dated one. */
function compareDays(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

/**
 * Picking order: first to expire, then (materials have no expiry) first received, then the oldest record, then id, so
 * the choice never depends on the order the service listed them in.
 */
export function comparePickingOrder(a: InventoryLot, b: InventoryLot): number {
  return (
    compareDays(dayPart(a.expiration_date), dayPart(b.expiration_date)) ||
    compareDays(dayPart(a.received_date), dayPart(b.received_date)) ||
    compareDays(a.created_at ?? null, b.created_at ?? null) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/** The lot of one product to use first, or null when none is usable. */
export function firstExpiringUsable(lots: readonly InventoryLot[], today: string): InventoryLot | null {
  let best: InventoryLot | null = null;
  for (const lot of lots) {
    if (!isUsable(lot, today)) continue;
    if (best === null || comparePickingOrder(lot, best) < 0) best = lot;
  }
  return best;
}

/** For each product (by id), the id of its lot to use first; products with no usable lot are left out. */
export function suggestedLots(lots: readonly InventoryLot[], today: string): Map<string, string> {
  const byProduct = new Map<string, InventoryLot[]>();
  for (const lot of lots) {
    if (!lot.product_id) continue;
    const list = byProduct.get(lot.product_id);
    if (list) list.push(lot);
    else byProduct.set(lot.product_id, [lot]);
  }
  const suggestions = new Map<string, string>();
  for (const [productId, productLots] of byProduct) {
    const first = firstExpiringUsable(productLots, today);
    if (first) suggestions.set(productId, first.id);
  }
  return suggestions;
}

export interface StockLevel {
  /** Units on hand: the material's current_stock, or the sum of its active lots when the service gives none. */
  stock: number;
  threshold: number;
  low: boolean;
}

/**
 * An order material is low on stock at or under its reorder threshold. Without a threshold nothing can be said (null);
 * without a stock figure its active lots are counted.
 */
export function stockLevel(material: OrderMaterial, lots: readonly InventoryLot[]): StockLevel | null {
  const threshold = quantityOf(material.reorder_threshold);
  if (threshold === null) return null;
  let stock = quantityOf(material.current_stock);
  if (stock === null) {
    stock = 0;
    for (const lot of lots) {
      if (lot.product_id === material.id && lot.is_active !== false) stock += quantityOf(lot.current_quantity) ?? 0;
    }
  }
  return { stock, threshold, low: stock <= threshold };
}
