// The product contract accepts the three product shapes as sent and refuses bad order-material updates.
import { describe, expect, it } from 'vitest';
import {
  nonPrescriptionProduct,
  orderMaterial,
  orderMaterialUpdateBody,
  prescriptionProduct,
  productKind,
  productsOperations,
} from '../../../contract/service/products.ts';

const rx = {
  id: 'd1000000-0000-4000-8000-000000000001',
  created_at: '2025-01-02T03:04:05Z',
  updated_at: '2025-01-02T03:04:05.123456',
  sku: 'RX-ATOR-10',
  name: 'Atorvastatin 10 mg',
  description: 'Statin',
  product_code: '00000-0000-00',
  form: 'tablet',
  is_active: true,
  label_orientation: 'portrait',
  strength: '10 mg',
  has_prescription: true,
};
const otc = {
  id: 'd2000000-0000-4000-8000-000000000001',
  sku: 'OTC-1',
  name: 'Pill organiser',
  form: null,
  is_active: true,
};
const box = {
  id: 'd3000000-0000-4000-8000-000000000001',
  sku: 'BOX-S',
  name: 'Small box',
  category: 'box',
  current_stock: 40,
  reorder_threshold: 10,
  has_inventory: true,
  is_global: false,
};

describe('the product shapes', () => {
  it('accept the fields of the spec table for each kind', () => {
    expect(prescriptionProduct.safeParse(rx).success).toBe(true);
    expect(nonPrescriptionProduct.safeParse(otc).success).toBe(true);
    expect(orderMaterial.safeParse(box).success).toBe(true);
  });

  it('read a price sent as a decimal string as a number, and keep unknown fields', () => {
    const parsed = prescriptionProduct.parse({
      ...rx,
      price: '19.99',
      is_controlled_substance: false,
      schedule: 'none',
    });
    expect(parsed.price).toBe(19.99);
    expect((parsed as Record<string, unknown>).schedule).toBe('none');
  });

  it('refuse a price that is not a number', () => {
    expect(prescriptionProduct.safeParse({ ...rx, price: 'free' }).success).toBe(false);
  });

  it('know exactly three kinds', () => {
    expect(productKind.options).toEqual(['prescription', 'non_prescription', 'order_material']);
    expect(productKind.safeParse('inventory').success).toBe(false);
  });
});

describe('updating an order material', () => {
  it('takes any of its fields, at least one', () => {
    expect(orderMaterialUpdateBody.safeParse({ reorder_threshold: 12 }).success).toBe(true);
    expect(orderMaterialUpdateBody.safeParse({}).success).toBe(false);
  });

  it('refuses unknown keys, negative or fractional stock, and hostile sizes', () => {
    expect(orderMaterialUpdateBody.safeParse({ id: box.id }).success).toBe(false);
    expect(orderMaterialUpdateBody.safeParse({ current_stock: -1 }).success).toBe(false);
    expect(orderMaterialUpdateBody.safeParse({ current_stock: 2.5 }).success).toBe(false);
    expect(orderMaterialUpdateBody.safeParse({ name: 'x'.repeat(201) }).success).toBe(false);
  });

  it('names the product by UUID in the path', () => {
    expect(productsOperations.updateOrderMaterial.params.safeParse({ product_id: box.id }).success).toBe(true);
    expect(productsOperations.updateOrderMaterial.params.safeParse({ product_id: 'BOX-S' }).success).toBe(false);
  });
});

describe('every product operation', () => {
  const examples: Record<keyof typeof productsOperations, unknown> = {
    list: { prescription: [rx], non_prescription: [otc], order_material: [box] },
    updateOrderMaterial: { ...box, reorder_threshold: 12 },
  };

  it('has a response schema that accepts a realistic answer', () => {
    for (const [verb, op] of Object.entries(productsOperations)) {
      const result = op.response.safeParse(examples[verb as keyof typeof productsOperations]);
      expect([verb, result.success]).toEqual([verb, true]);
    }
  });
});
