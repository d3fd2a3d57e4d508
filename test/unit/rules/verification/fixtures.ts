// A small catalogue for the verify tests: two prescription products (one with a UPC), one OTC product, a box, lots.

import type { InventoryByKind } from '../../../../contract/service/inventory.ts';
import type { OrderProducts, ProductCatalogue } from '../../../../contract/service/products.ts';
import schedules from '../../../../resources/vocabulary/controlled-schedules.json' with { type: 'json' };
import { buildCatalogueIndex } from '../../../../rules/verification/catalogue-index.ts';
import { withCheckDigit } from '../../../../rules/verification/codes/gtin.ts';
import { linesOfOrder } from '../../../../rules/verification/lines.ts';

export const IDS = {
  lisinopril: '11111111-1111-4111-8111-111111111111',
  metformin: '22222222-2222-4222-8222-222222222222',
  ibuprofen: '33333333-3333-4333-8333-333333333333',
  box: '44444444-4444-4444-8444-444444444444',
  lisinoprilGood: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1',
  lisinoprilExpired: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa2',
  metforminLot: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa3',
};

export const TODAY = '2026-03-01';
/** The UPC-A of lisinopril: 3, then its NDC 0777-3105-02 (4-4-2), then the check digit. */
export const LISINOPRIL_UPC = withCheckDigit('30777310502');
export const METFORMIN_UPC = withCheckDigit('03600029145');

export const catalogue: ProductCatalogue = {
  prescription: [
    { id: IDS.lisinopril, sku: 'RX-0001', name: 'Lisinopril 10 mg tablet', product_code: '00777-3105-02' },
    // The service sends a product's UPC although the contract does not name it.
    {
      id: IDS.metformin,
      sku: 'RX-0002',
      name: 'Metformin 500 mg tablet',
      product_code: '12345-6789-01',
      upc: METFORMIN_UPC,
    },
  ],
  non_prescription: [{ id: IDS.ibuprofen, sku: 'OTC-0001', name: 'Ibuprofen 200 mg' }],
  order_material: [{ id: IDS.box, sku: 'MAT-0001', name: 'Small box' }],
};

export const inventory: InventoryByKind = {
  prescription: [
    {
      id: IDS.lisinoprilGood,
      product_id: IDS.lisinopril,
      batch_number: 'B100200',
      expiration_date: '2027-01-31T00:00:00Z',
    },
    { id: IDS.lisinoprilExpired, product_id: IDS.lisinopril, batch_number: 'B100100', expiration_date: '2026-02-17' },
    { id: IDS.metforminLot, product_id: IDS.metformin, batch_number: 'M5', expiration_date: '2026-03-01' },
  ],
};

/** Lisinopril ×2 and a box; metformin and ibuprofen are in the catalogue but not on the order. */
export const orderProducts: OrderProducts = {
  prescription: [
    { id: IDS.lisinopril, sku: 'RX-0001', name: 'Lisinopril 10 mg tablet', product_code: '00777-3105-02', quantity: 2 },
  ],
  order_material: [{ id: IDS.box, sku: 'MAT-0001', name: 'Small box', quantity: 1 }],
};

export const index = () => buildCatalogueIndex(orderProducts, catalogue, inventory);
export const lines = () => linesOfOrder(orderProducts, schedules);
