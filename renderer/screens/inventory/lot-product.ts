// Which product a lot is of: its `product_id` (the training service), else the product its associations name under
// the lot's own kind (the real service's lots carry no product_id; their associations list the products they serve).
import type { InventoryLot } from '../../../contract/service/inventory.ts';
import type { ProductKind } from '../../../contract/service/products.ts';

export function productIdOfLot(lot: InventoryLot, kind: ProductKind): string {
  if (lot.product_id) return lot.product_id;
  const associations = lot.associations;
  if (!associations) return '';
  const listed = Array.isArray(associations) ? associations : (associations[kind] ?? []);
  return listed[0]?.product_id ?? '';
}
