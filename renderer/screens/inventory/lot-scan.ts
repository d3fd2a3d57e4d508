// What a code scanned on the inventory screen can name: a service label (INVENTORY-…, asked of the service), a lot by
// its id, or a lot by its batch number (typed, on a label, or inside a GS1 code's lot field). Pure.

import { isPartialServiceBarcode, isServiceBarcode } from '../../../contract/ipc.ts';
import type { InventoryLot } from '../../../contract/service/inventory.ts';
import { parseGs1 } from '../../../rules/verification/codes/gs1.ts';

export type LotScan =
  /** A whole service barcode: the service says what it labels. */
  | { kind: 'service'; code: string }
  /** Only part of a service label was read. */
  | { kind: 'partial'; code: string }
  /** A batch number (or a lot id) to look for among the lots; `gtin` when it came out of a GS1 code. */
  | { kind: 'lot'; text: string; gtin: string | null }
  | { kind: 'empty' };

export function readLotScan(raw: string): LotScan {
  const code = raw.trim();
  if (code === '') return { kind: 'empty' };
  if (isServiceBarcode(code)) return { kind: 'service', code };
  if (isPartialServiceBarcode(code)) return { kind: 'partial', code };
  const gs1 = parseGs1(code);
  if (gs1?.lot) return { kind: 'lot', text: gs1.lot, gtin: gs1.gtin };
  return { kind: 'lot', text: code, gtin: null };
}

/** Batch numbers are compared without case and surrounding spaces: labels and typing disagree on both. */
const normal = (text: string) => text.trim().toUpperCase();

/** The lots a scanned text names: the lot with that id, else every lot with that batch number. */
export function lotsNamedBy(lots: readonly InventoryLot[], text: string): InventoryLot[] {
  const byId = lots.find((lot) => lot.id === text.trim());
  if (byId) return [byId];
  const wanted = normal(text);
  return lots.filter((lot) => lot.batch_number && normal(lot.batch_number) === wanted);
}

/** "a patient", "an order material": the words for what a label of another entity type labels. */
export function entityWords(entityType: string): string {
  const words = entityType.toLowerCase().replaceAll('_', ' ');
  return /^[aeiou]/.test(words) ? `an ${words}` : `a ${words}`;
}
