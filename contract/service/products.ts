// Products: the three kinds (prescription, non-prescription, order material), their shapes inside an order, and the catalogue.
import { z } from 'zod';
import { id, maybe, recordStamps, uuid } from './common.ts';
import { defineOperation } from './operation.ts';
import { looseNumber, namesAField } from './shared-fields.ts';

/** The three product kinds; also the `{kind}` path segment of the inventory operations. */
export const productKind = z.enum(['prescription', 'non_prescription', 'order_material']);
export type ProductKind = z.infer<typeof productKind>;

// ---- Responses (loose) ----

const productBase = {
  ...recordStamps,
  sku: maybe(z.string()),
  name: maybe(z.string()),
  description: maybe(z.string()),
  /** The package's UPC/GTIN (the training service sends it; a stock bottle's scan names the product by it). */
  upc: maybe(z.string()),
};

/** Why a prescription product needs attention (for example a stuck order's reason). */
export const productReason = z.looseObject({
  id,
  name: maybe(z.string()),
  description: maybe(z.string()),
});

/** A prescription product. `is_controlled_substance`, `formula_id` and `price` come from the real service. */
export const prescriptionProduct = z.looseObject({
  ...productBase,
  product_code: maybe(z.string()),
  form: maybe(z.string()),
  is_active: maybe(z.boolean()),
  label_orientation: maybe(z.string()),
  strength: maybe(z.string()),
  has_prescription: maybe(z.boolean()),
  is_controlled_substance: maybe(z.boolean()),
  formula_id: maybe(z.string()),
  price: maybe(looseNumber),
  reasons: maybe(z.array(productReason)),
});
export type PrescriptionProduct = z.infer<typeof prescriptionProduct>;

export const nonPrescriptionProduct = z.looseObject({
  ...productBase,
  form: maybe(z.string()),
  is_active: maybe(z.boolean()),
  price: maybe(looseNumber),
});
export type NonPrescriptionProduct = z.infer<typeof nonPrescriptionProduct>;

/** Boxes, cold packs, inserts: what a package is made of. */
export const orderMaterial = z.looseObject({
  ...productBase,
  category: maybe(z.string()),
  current_stock: maybe(z.number()),
  reorder_threshold: maybe(z.number()),
  has_inventory: maybe(z.boolean()),
  is_global: maybe(z.boolean()),
  is_active: maybe(z.boolean()),
});
export type OrderMaterial = z.infer<typeof orderMaterial>;

/** How many of a product an order holds. */
const quantity = { quantity: maybe(z.number()) };

/** An order's `products`: each kind's shape plus its quantity. */
export const orderProducts = z.looseObject({
  prescription: maybe(z.array(prescriptionProduct.extend(quantity))),
  non_prescription: maybe(z.array(nonPrescriptionProduct.extend(quantity))),
  order_material: maybe(z.array(orderMaterial.extend(quantity))),
});
export type OrderProducts = z.infer<typeof orderProducts>;

/** The catalogue: every product, keyed by kind. */
export const productCatalogue = z.looseObject({
  prescription: maybe(z.array(prescriptionProduct)),
  non_prescription: maybe(z.array(nonPrescriptionProduct)),
  order_material: maybe(z.array(orderMaterial)),
});
export type ProductCatalogue = z.infer<typeof productCatalogue>;

// ---- Requests (strict) ----

/** A partial update of an order material; stock levels are whole units. At least one field. */
export const orderMaterialUpdateBody = z
  .strictObject({
    sku: z.string().trim().min(1).max(100).optional(),
    name: z.string().trim().min(1).max(200).optional(),
    description: z.string().max(5000).optional(),
    category: z.string().trim().min(1).max(100).optional(),
    current_stock: z.number().int().min(0).max(10_000_000).optional(),
    reorder_threshold: z.number().int().min(0).max(10_000_000).optional(),
    has_inventory: z.boolean().optional(),
    is_global: z.boolean().optional(),
    is_active: z.boolean().optional(),
  })
  .refine(namesAField, 'an update names at least one field');

// ---- Operations ----

export const productsOperations = {
  // Not paginated: the answer is one object keyed by kind, not a flat array.
  list: defineOperation({
    name: 'products.list',
    method: 'GET',
    path: '/api/v1/products',
    response: productCatalogue,
    paginated: false,
    source: 'facts',
    summary: 'List every product, keyed by kind',
  }),
  updateOrderMaterial: defineOperation({
    name: 'products.updateOrderMaterial',
    method: 'PUT',
    path: '/api/v1/products/order_material/{product_id}',
    params: z.strictObject({ product_id: uuid }),
    body: orderMaterialUpdateBody,
    response: orderMaterial,
    source: 'facts',
    summary: 'Update an order material (partial)',
  }),
};
