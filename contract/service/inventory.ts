// Inventory: lots of stock, their associations to products, quantity adjustments, and their operations.
import { z } from 'zod';
import { id, maybe, recordStamps, requestTimestamp, uuid } from './common.ts';
import { defineOperation } from './operation.ts';
import { productKind } from './products.ts';
import { dateOrTimestamp, freeText, looseNumber, namesAField } from './shared-fields.ts';

// ---- Responses (loose) ----

/** A product that draws on a lot. It has no id of its own: the product it names is its key. */
export const inventoryAssociation = z.looseObject({
  product_id: id,
  customer: maybe(z.string()),
  customer_id: maybe(id),
  name: maybe(z.string()),
  units_per_product: maybe(looseNumber),
});
export type InventoryAssociation = z.infer<typeof inventoryAssociation>;

/** A lot's associations, keyed by the kind of product. */
export const associationsByKind = z.looseObject({
  prescription: maybe(z.array(inventoryAssociation)),
  non_prescription: maybe(z.array(inventoryAssociation)),
  order_material: maybe(z.array(inventoryAssociation)),
});
export type AssociationsByKind = z.infer<typeof associationsByKind>;

/** A lot: the create fields plus id, stamps, the product it belongs to, and its associations when fetched singly. */
export const inventoryLot = z.looseObject({
  ...recordStamps,
  batch_number: maybe(z.string()),
  cost_per_unit: maybe(looseNumber),
  current_quantity: maybe(looseNumber),
  initial_quantity: maybe(looseNumber),
  units_per_product: maybe(looseNumber),
  unit_type: maybe(z.string()),
  expiration_date: maybe(dateOrTimestamp),
  received_date: maybe(dateOrTimestamp),
  is_active: maybe(z.boolean()),
  manufacturer: maybe(z.string()),
  mpn: maybe(z.string()),
  upc: maybe(z.string()),
  notes: maybe(z.string()),
  type: maybe(z.string()),
  product_id: maybe(id),
  product_kind: maybe(z.string()),
  // The real service's shape is not public: keyed by kind (like the associations operation) or a flat list.
  associations: maybe(z.union([associationsByKind, z.array(inventoryAssociation)])),
});
export type InventoryLot = z.infer<typeof inventoryLot>;

/** All inventory: lots keyed by the kind of product they stock. */
export const inventoryByKind = z.looseObject({
  prescription: maybe(z.array(inventoryLot)),
  non_prescription: maybe(z.array(inventoryLot)),
  order_material: maybe(z.array(inventoryLot)),
});
export type InventoryByKind = z.infer<typeof inventoryByKind>;

/** The answer to removing an association; the spec only says "Association removed". */
export const associationRemoved = z.looseObject({ message: maybe(z.string()) }).nullish();

// ---- Requests (strict) ----

const stockQuantity = z.number().min(0).max(10_000_000);

const lotFields = {
  batch_number: z.string().trim().min(1).max(100).optional(),
  cost_per_unit: z.number().min(0).max(1_000_000).optional(),
  current_quantity: stockQuantity.optional(),
  units_per_product: z.number().positive().max(1_000_000).optional(),
  unit_type: z.string().trim().min(1).max(50).optional(),
  expiration_date: requestTimestamp.optional(),
  received_date: requestTimestamp.optional(),
  is_active: z.boolean().optional(),
  manufacturer: z.string().trim().min(1).max(200).optional(),
  mpn: z.string().trim().min(1).max(100).optional(),
  upc: z.string().trim().min(1).max(50).optional(),
  notes: z.string().max(5000).optional(),
  type: productKind.optional(),
};

/**
 * Creating a lot. Decision: `initial_quantity` is required (a lot of unknown size cannot be counted down); the rest is
 * optional because boxes and cold packs have neither batch numbers nor expiration dates.
 */
export const lotCreateBody = z.strictObject({ ...lotFields, initial_quantity: stockQuantity });
export type LotCreateBody = z.input<typeof lotCreateBody>;

/**
 * A lot of medication. Decision: the training service also requires batch number and expiration date when the kind is
 * prescription or non_prescription, so a recall can find the lot and an expired lot is never picked.
 */
export const medicationLotCreateBody = lotCreateBody.required({ batch_number: true, expiration_date: true });

/** Updating a lot: any create field, at least one. */
export const lotUpdateBody = z
  .strictObject({ ...lotFields, initial_quantity: stockQuantity.optional() })
  .refine(namesAField, 'an update names at least one field');
export type LotUpdateBody = z.input<typeof lotUpdateBody>;

/**
 * A stock adjustment. `additional_quantity` may be negative (a count found fewer units) but not zero.
 * Decision: `reason` is required so the audit log says why stock changed.
 */
export const quantityAdjustmentBody = z.strictObject({
  additional_quantity: z
    .number()
    .min(-10_000_000)
    .max(10_000_000)
    .refine((n) => n !== 0, 'an adjustment changes the quantity'),
  reason: freeText,
});
export type QuantityAdjustmentBody = z.input<typeof quantityAdjustmentBody>;

/** Linking a product to a lot. Decision: units_per_product is required; the service cannot guess it. */
export const associationCreateBody = z.strictObject({
  product_id: uuid,
  units_per_product: z.number().positive().max(1_000_000),
});
export type AssociationCreateBody = z.input<typeof associationCreateBody>;

export const associationDeleteBody = z.strictObject({ product_id: uuid });
export type AssociationDeleteBody = z.input<typeof associationDeleteBody>;

// ---- Operations ----

const lotParams = z.strictObject({ lot_id: uuid });
const productParams = z.strictObject({ kind: productKind, product_id: uuid });

export const inventoryOperations = {
  // Not paginated: the answer is one object keyed by kind, not a flat array.
  list: defineOperation({
    name: 'inventory.list',
    method: 'GET',
    path: '/api/v1/products/inventory',
    response: inventoryByKind,
    source: 'facts',
    summary: 'List every lot, keyed by product kind',
  }),
  get: defineOperation({
    name: 'inventory.get',
    method: 'GET',
    path: '/api/v1/products/inventory/{lot_id}',
    params: lotParams,
    response: inventoryLot,
    source: 'facts',
    summary: 'Get one lot with its associations',
  }),
  update: defineOperation({
    name: 'inventory.update',
    method: 'PUT',
    path: '/api/v1/products/inventory/{lot_id}',
    params: lotParams,
    body: lotUpdateBody,
    response: inventoryLot,
    source: 'facts',
    summary: 'Update a lot (partial)',
  }),
  adjustQuantity: defineOperation({
    name: 'inventory.adjustQuantity',
    method: 'PATCH',
    path: '/api/v1/products/inventory/{lot_id}/quantity',
    params: lotParams,
    body: quantityAdjustmentBody,
    response: inventoryLot,
    status: 201,
    source: 'facts',
    summary: 'Add to or take from the quantity of a lot, with a reason',
  }),
  listAssociations: defineOperation({
    name: 'inventory.listAssociations',
    method: 'GET',
    path: '/api/v1/products/inventory/{lot_id}/associations',
    params: lotParams,
    response: associationsByKind,
    source: 'spec',
    summary: 'List the products that draw on a lot, keyed by kind',
  }),
  createAssociation: defineOperation({
    name: 'inventory.createAssociation',
    method: 'POST',
    path: '/api/v1/products/inventory/{lot_id}/associations',
    params: lotParams,
    body: associationCreateBody,
    // Decision: the created association is returned; the real answer is not public.
    response: inventoryAssociation,
    status: 201,
    source: 'facts',
    summary: 'Link a product to a lot',
  }),
  deleteAssociation: defineOperation({
    name: 'inventory.deleteAssociation',
    method: 'DELETE',
    path: '/api/v1/products/inventory/{lot_id}/associations',
    params: lotParams,
    body: associationDeleteBody,
    response: associationRemoved,
    // 201, as the spec says, although nothing is created.
    status: 201,
    source: 'spec',
    summary: 'Unlink a product from a lot',
  }),
  // Not paginated: a product has few lots, and no source says this list pages.
  productInventory: defineOperation({
    name: 'inventory.productInventory',
    method: 'GET',
    path: '/api/v1/products/{kind}/{product_id}/inventory',
    params: productParams,
    response: z.array(inventoryLot),
    source: 'facts',
    summary: "List a product's lots",
  }),
  // Marked spec: fulfillment-api.md names this operation for kind order_material.
  createProductInventory: defineOperation({
    name: 'inventory.createProductInventory',
    method: 'POST',
    path: '/api/v1/products/{kind}/{product_id}/inventory',
    params: productParams,
    body: lotCreateBody,
    response: inventoryLot,
    status: 201,
    source: 'spec',
    summary: 'Receive a new lot of a product',
  }),
};
