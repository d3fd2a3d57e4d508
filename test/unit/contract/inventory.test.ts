// The inventory contract accepts lots and associations as sent and refuses bad lot, adjustment and association requests.
import { describe, expect, it } from 'vitest';
import {
  associationCreateBody,
  associationDeleteBody,
  inventoryLot,
  inventoryOperations,
  lotCreateBody,
  lotUpdateBody,
  medicationLotCreateBody,
  quantityAdjustmentBody,
} from '../../../contract/service/inventory.ts';

const lotId = 'b0000000-0000-4000-8000-000000000001';
const productId = 'd1000000-0000-4000-8000-000000000001';

const association = {
  customer: 'Example Clinic',
  customer_id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
  name: 'Atorvastatin 10 mg',
  product_id: productId,
  units_per_product: 30,
};

/** A lot: the spec's create fields plus what the service adds. */
const lot = {
  id: lotId,
  created_at: '2025-03-01T12:00:00Z',
  updated_at: '2025-03-01T12:00:00.920593',
  batch_number: 'LOT-2025-001',
  cost_per_unit: 0.12,
  current_quantity: 900,
  initial_quantity: 1000,
  units_per_product: 30,
  unit_type: 'tablet',
  expiration_date: '2026-12-31T00:00:00',
  received_date: '2025-03-01T00:00:00Z',
  is_active: true,
  manufacturer: 'Example Pharma',
  mpn: 'EX-10',
  upc: '012345678905',
  notes: null,
  type: 'prescription',
  product_id: productId,
  product_kind: 'prescription',
};

describe('the lot response', () => {
  it('accepts a lot with its associations keyed by kind or as a flat list', () => {
    expect(inventoryLot.safeParse({ ...lot, associations: { prescription: [association] } }).success).toBe(true);
    expect(inventoryLot.safeParse({ ...lot, associations: [association] }).success).toBe(true);
  });

  it('accepts an expiration date sent as a plain date, and a cost sent as a string', () => {
    const parsed = inventoryLot.parse({ ...lot, expiration_date: '2026-12-31', cost_per_unit: '0.12' });
    expect(parsed.cost_per_unit).toBe(0.12);
  });

  it('keeps unknown fields and accepts nulls', () => {
    const parsed = inventoryLot.parse({ id: lotId, batch_number: null, warehouse: 'A' });
    expect((parsed as Record<string, unknown>).warehouse).toBe('A');
  });
});

describe('creating and updating a lot', () => {
  const created = { batch_number: 'LOT-2025-001', initial_quantity: 1000, expiration_date: '2026-12-31T00:00:00Z' };

  it('accepts the spec’s create fields', () => {
    const { id: _id, created_at: _c, updated_at: _u, product_id: _p, product_kind: _k, notes: _n, ...fields } = lot;
    expect(lotCreateBody.safeParse(fields).success).toBe(true);
  });

  it('needs the initial quantity of any lot, and the batch number and expiration of a medication lot', () => {
    expect(lotCreateBody.safeParse({ initial_quantity: 200, unit_type: 'box' }).success).toBe(true);
    expect(lotCreateBody.safeParse({ batch_number: 'LOT-1' }).success).toBe(false);
    expect(medicationLotCreateBody.safeParse(created).success).toBe(true);
    expect(medicationLotCreateBody.safeParse({ initial_quantity: 200 }).success).toBe(false);
  });

  it('refuses unknown keys, negative quantities, unknown kinds and hostile sizes', () => {
    expect(lotCreateBody.safeParse({ ...created, id: lotId }).success).toBe(false);
    expect(lotCreateBody.safeParse({ ...created, initial_quantity: -5 }).success).toBe(false);
    expect(lotCreateBody.safeParse({ ...created, type: 'gift' }).success).toBe(false);
    expect(lotCreateBody.safeParse({ ...created, notes: 'x'.repeat(5001) }).success).toBe(false);
    expect(lotCreateBody.safeParse({ ...created, expiration_date: 'next year' }).success).toBe(false);
  });

  it('updates any lot field, at least one', () => {
    expect(lotUpdateBody.safeParse({ is_active: false }).success).toBe(true);
    expect(lotUpdateBody.safeParse({}).success).toBe(false);
    expect(lotUpdateBody.safeParse({ product_id: productId }).success).toBe(false);
  });
});

describe('adjusting the quantity of a lot', () => {
  it('takes a positive or negative amount with a reason', () => {
    expect(
      quantityAdjustmentBody.safeParse({ additional_quantity: -12, reason: 'Cycle count found fewer' }).success,
    ).toBe(true);
    expect(
      quantityAdjustmentBody.safeParse({ additional_quantity: 2.5, reason: 'Partial bottle returned' }).success,
    ).toBe(true);
  });

  it('refuses an adjustment without a reason, of zero, or as a string', () => {
    expect(quantityAdjustmentBody.safeParse({ additional_quantity: 5 }).success).toBe(false);
    expect(quantityAdjustmentBody.safeParse({ additional_quantity: 0, reason: 'nothing' }).success).toBe(false);
    expect(quantityAdjustmentBody.safeParse({ additional_quantity: '5', reason: 'typed' }).success).toBe(false);
    expect(quantityAdjustmentBody.safeParse({ additional_quantity: 1e9, reason: 'typo' }).success).toBe(false);
  });
});

describe('associations', () => {
  it('link a product by UUID with its units per product', () => {
    expect(associationCreateBody.safeParse({ product_id: productId, units_per_product: 30 }).success).toBe(true);
    expect(associationCreateBody.safeParse({ product_id: productId }).success).toBe(false);
    expect(associationCreateBody.safeParse({ product_id: 'RX-ATOR-10', units_per_product: 30 }).success).toBe(false);
    expect(associationCreateBody.safeParse({ product_id: productId, units_per_product: 0 }).success).toBe(false);
  });

  it('are removed by product id only', () => {
    expect(associationDeleteBody.safeParse({ product_id: productId }).success).toBe(true);
    expect(associationDeleteBody.safeParse({ product_id: productId, force: true }).success).toBe(false);
  });
});

describe('every inventory operation', () => {
  const examples: Record<keyof typeof inventoryOperations, unknown> = {
    list: { prescription: [lot], non_prescription: [], order_material: [{ ...lot, type: 'order_material' }] },
    get: { ...lot, associations: { prescription: [association], non_prescription: [], order_material: [] } },
    update: lot,
    adjustQuantity: { ...lot, current_quantity: 888 },
    listAssociations: { prescription: [association], non_prescription: [], order_material: [] },
    createAssociation: association,
    deleteAssociation: { message: 'Association removed' },
    productInventory: [lot],
    createProductInventory: lot,
  };

  it('has a response schema that accepts a realistic answer', () => {
    for (const [verb, op] of Object.entries(inventoryOperations)) {
      const result = op.response.safeParse(examples[verb as keyof typeof inventoryOperations]);
      expect([verb, result.success]).toEqual([verb, true]);
    }
  });

  it('answers 201 to a quantity adjustment and to removing an association, as the sources say', () => {
    expect(inventoryOperations.adjustQuantity.status).toBe(201);
    expect(inventoryOperations.deleteAssociation.status).toBe(201);
  });

  it('takes the product kind in the path as one of the three kinds', () => {
    const params = inventoryOperations.createProductInventory.params;
    expect(params.safeParse({ kind: 'order_material', product_id: productId }).success).toBe(true);
    expect(params.safeParse({ kind: 'inventory', product_id: productId }).success).toBe(false);
  });
});
