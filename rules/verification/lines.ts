// The order's product lines as the verification counts them: one per product, expected = the order's quantity.
import type { OrderProducts, ProductKind } from '../../contract/service/products.ts';
import { type ScheduleVocabulary, scheduleOf } from './schedule.ts';

export interface VerifyLine {
  productId: string;
  kind: ProductKind;
  name: string | null;
  sku: string | null;
  productCode: string | null;
  expected: number;
  /** A controlled substance (the service's is_controlled_substance): its count needs a pharmacist. */
  controlled: boolean;
  /** Its DEA schedule where known (II, IV…), else null. */
  schedule: string | null;
}

const KINDS: ProductKind[] = ['prescription', 'non_prescription', 'order_material'];

export const KIND_TITLES: Record<ProductKind, string> = {
  prescription: 'Prescription',
  non_prescription: 'Non-prescription',
  order_material: 'Packing material',
};

/** One line per product, in kind order (the controlled flag and quantity are the service's, never the screen's); a product listed twice adds up; a missing quantity counts as 1. */
export function linesOfOrder(products: OrderProducts | null | undefined, schedules: ScheduleVocabulary): VerifyLine[] {
  const lines = new Map<string, VerifyLine>();
  for (const kind of KINDS) {
    for (const product of products?.[kind] ?? []) {
      const quantity = Math.max(0, Math.trunc(product.quantity ?? 1));
      const existing = lines.get(product.id);
      if (existing) {
        existing.expected += quantity;
        continue;
      }
      lines.set(product.id, {
        productId: product.id,
        kind,
        name: product.name ?? null,
        sku: product.sku ?? null,
        productCode: typeof product.product_code === 'string' ? product.product_code : null,
        expected: quantity,
        controlled: 'is_controlled_substance' in product && product.is_controlled_substance === true,
        schedule:
          'is_controlled_substance' in product && product.is_controlled_substance === true
            ? scheduleOf(product as Record<string, unknown>, schedules)
            : null,
      });
    }
  }
  return [...lines.values()];
}

/** A product as people name it: "Lisinopril 10 mg tablet (RX-0001)", or its code when it has no name. */
export function productLabel(
  product: { name: string | null; sku: string | null; productCode?: string | null } | undefined,
  fallbackId?: string | null,
): string {
  if (!product) return fallbackId ? `product ${fallbackId.slice(0, 8)}` : 'an unknown product';
  const code = product.sku ?? product.productCode ?? null;
  if (product.name && code) return `${product.name} (${code})`;
  return product.name ?? code ?? 'an unnamed product';
}

/** A calendar day (YYYY-MM-DD) as people read it: "Dec 31, 2025". */
export function dayForPeople(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** Today on this workstation's calendar, YYYY-MM-DD. */
export function localToday(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
