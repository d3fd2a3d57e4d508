// The inventory list: lots under a heading per kind, in product then expiry order, narrowed by words and filters.
import { describe, expect, it } from 'vitest';
import type { InventoryByKind } from '../../../../contract/service/inventory.ts';
import type { ProductCatalogue } from '../../../../contract/service/products.ts';
import {
  filterCounts,
  groupRows,
  type ListRow,
  lotViews,
  lowStockProducts,
  withLot,
} from '../../../../renderer/screens/inventory/lot-rows.ts';

const TODAY = '2026-06-15';

const catalogue: ProductCatalogue = {
  prescription: [
    { id: 'rx-b', name: 'Lisinopril 10 mg tablet', sku: 'RX-0002' },
    { id: 'rx-a', name: 'Amoxicillin 500 mg capsule', sku: 'RX-0001' },
  ],
  non_prescription: [{ id: 'otc', name: 'Ibuprofen 200 mg', sku: 'OTC-0001' }],
  order_material: [
    { id: 'box', name: 'Small box', sku: 'MAT-0001', current_stock: 300, reorder_threshold: 25 },
    { id: 'ice', name: 'Cold pack', sku: 'MAT-0003', current_stock: 4, reorder_threshold: 25 },
  ],
};

const inventory: InventoryByKind = {
  prescription: [
    { id: 'b1', product_id: 'rx-b', batch_number: 'B100', expiration_date: '2027-01-01', current_quantity: 5 },
    { id: 'a2', product_id: 'rx-a', batch_number: 'B201', expiration_date: '2026-12-01', current_quantity: 5 },
    { id: 'a1', product_id: 'rx-a', batch_number: 'B200', expiration_date: '2026-06-01', current_quantity: 5 },
    { id: 'a3', product_id: 'rx-a', batch_number: 'B202', expiration_date: '2026-07-01', current_quantity: 5 },
  ],
  non_prescription: [],
  order_material: [
    { id: 'm1', product_id: 'ice', current_quantity: 4, manufacturer: 'Boxworks Supply' },
    { id: 'm2', product_id: 'box', current_quantity: 300, manufacturer: 'Boxworks Supply' },
  ],
};

const ids = (rows: ListRow[]) => rows.map((row) => (row.type === 'kind' ? `[${row.kind}]` : row.view.lot.id));

describe('the grouped list', () => {
  const views = lotViews(inventory, catalogue, TODAY);

  it('puts each kind under its heading, products by name, each product’s lots by expiry', () => {
    expect(ids(groupRows(views, 'all', ''))).toEqual([
      '[prescription]',
      'a1',
      'a3',
      'a2',
      'b1',
      '[order_material]',
      'm1',
      'm2',
    ]);
  });

  it('leaves out a kind with no lot', () => {
    expect(ids(groupRows(views, 'all', '')).includes('[non_prescription]')).toBe(false);
  });

  it('marks the lot of each product to use first, skipping an expired one', () => {
    const suggested = views.filter((view) => view.suggested).map((view) => view.lot.id);
    expect(suggested.sort()).toEqual(['a3', 'b1', 'm1', 'm2']);
  });

  it('counts the lots each filter would show', () => {
    expect(filterCounts(views)).toEqual({ all: 6, expired: 1, within30: 1, within90: 1, low: 1 });
  });

  it('filters to expired lots, or to the lots of materials low on stock', () => {
    expect(ids(groupRows(views, 'expired', ''))).toEqual(['[prescription]', 'a1']);
    expect(ids(groupRows(views, 'low', ''))).toEqual(['[order_material]', 'm1']);
  });

  it('narrows by every word typed, in product, SKU, batch or manufacturer', () => {
    expect(ids(groupRows(views, 'all', 'amox b201'))).toEqual(['[prescription]', 'a2']);
    expect(ids(groupRows(views, 'all', 'BOXWORKS cold'))).toEqual(['[order_material]', 'm1']);
    expect(groupRows(views, 'all', 'nothing like this')).toEqual([]);
  });

  it('the heading counts what is shown under it', () => {
    const [heading] = groupRows(views, 'all', 'amoxicillin');
    expect(heading).toEqual({ type: 'kind', kind: 'prescription', count: 3 });
  });

  it('lists the materials at or under their reorder threshold', () => {
    expect(lowStockProducts(catalogue, inventory).map((entry) => entry.product.name)).toEqual(['Cold pack']);
  });
});

describe('a lot read singly', () => {
  it('takes the place of the listed one', () => {
    const merged = withLot(inventory, { id: 'a1', product_id: 'rx-a', current_quantity: 1 });
    expect(merged.prescription?.find((lot) => lot.id === 'a1')?.current_quantity).toBe(1);
    expect(merged.prescription).toHaveLength(4);
  });

  it('is added under its kind when the list does not hold it yet', () => {
    const merged = withLot(inventory, { id: 'new', product_id: 'otc', product_kind: 'non_prescription' });
    expect(merged.non_prescription?.map((lot) => lot.id)).toEqual(['new']);
  });
});
