// A lot's product: its product_id, else the product its associations name (the real service's lots have no product_id).
import { describe, expect, it } from 'vitest';
import { productIdOfLot } from '../../../../renderer/screens/inventory/lot-product.ts';

describe('productIdOfLot', () => {
  it('takes product_id when the service gives it', () => {
    expect(productIdOfLot({ id: 'l', product_id: 'p-1' }, 'prescription')).toBe('p-1');
  });

  it('takes the product the associations name under the lot’s kind, or none', () => {
    const associations = { non_prescription: [{ product_id: 'n-1' }], prescription: [{ product_id: 'p-2' }] };
    expect(productIdOfLot({ id: 'l', associations }, 'prescription')).toBe('p-2');
    expect(productIdOfLot({ id: 'l', associations: [{ product_id: 'p-3' }] }, 'order_material')).toBe('p-3');
    expect(productIdOfLot({ id: 'l' }, 'prescription')).toBe('');
  });
});
