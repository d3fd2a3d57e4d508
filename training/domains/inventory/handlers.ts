// The inventory operations: lots (list, get, update, adjust, create per product) and their product associations.
import type { z } from 'zod';
import { type inventoryOperations, medicationLotCreateBody } from '../../../contract/service/inventory.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/handler.ts';
import { findProduct, PRODUCT_KINDS, type ProductKind } from '../products/products-repository.ts';
import { associateReceivedLot, associationsOf, createAssociation, deleteAssociation } from './associations.ts';
import {
  adjustLot,
  allLots,
  createLot,
  type LotRow,
  lotById,
  lotsOfProduct,
  lotView,
  updateLot,
} from './inventory-repository.ts';

const KIND_NAMES: Record<ProductKind, string> = {
  prescription: 'prescription product',
  non_prescription: 'non-prescription product',
  order_material: 'order material',
};

export function inventoryHandlers(): Handlers<{ inventory: typeof inventoryOperations }>['inventory'] {
  return {
    list({ db }) {
      type View = ReturnType<typeof lotView>;
      const byKind = Object.fromEntries(PRODUCT_KINDS.map((kind) => [kind, [] as View[]])) as Record<
        ProductKind,
        View[]
      >;
      for (const row of allLots(db)) byKind[row.product_kind].push(lotView(db, row, false));
      return byKind;
    },
    get({ db, params }) {
      return lotView(db, existingLot(db, params.lot_id), true);
    },
    update({ db, params, body, user, now }) {
      const lot = existingLot(db, params.lot_id);
      checkType(body.type, lot.product_kind);
      updateLot(db, lot, body, user?.id ?? null, now);
      return lotView(db, existingLot(db, lot.id), true);
    },
    adjustQuantity({ db, params, body, user, now }) {
      adjustLot(db, params.lot_id, body.additional_quantity, body.reason, user?.id ?? null, now);
      return lotView(db, existingLot(db, params.lot_id), true);
    },
    listAssociations({ db, params }) {
      return associationsOf(db, existingLot(db, params.lot_id).id);
    },
    createAssociation({ db, params, body, now }) {
      return createAssociation(db, params.lot_id, body.product_id, body.units_per_product, now);
    },
    deleteAssociation({ db, params, body }) {
      deleteAssociation(db, params.lot_id, body.product_id);
      return { message: 'Association removed' };
    },
    productInventory({ db, params }) {
      const product = productOfKind(db, params.kind, params.product_id);
      return lotsOfProduct(db, product.id).map((row) => lotView(db, row, false));
    },
    createProductInventory({ db, params, body, now }) {
      const product = productOfKind(db, params.kind, params.product_id);
      checkType(body.type, params.kind);
      if (params.kind !== 'order_material') {
        // The route accepts any lot; a lot of medication also needs the batch number and expiry a recall looks for.
        const strict = medicationLotCreateBody.safeParse(body);
        if (!strict.success) throw invalidBody(strict.error, `A lot of a ${KIND_NAMES[params.kind]}`);
      }
      const lotId = createLot(db, product.id, body, now);
      // A lot received for a product is that product's stock: units_per_product only means something as this
      // association (the lot's `associations` and GET …/associations list it; one unit makes one when not said).
      associateReceivedLot(db, lotId, product.id, body.units_per_product ?? 1, now);
      return lotView(db, existingLot(db, lotId), true);
    },
  };
}

function existingLot(db: Parameters<typeof lotById>[0], lotId: string): LotRow {
  const lot = lotById(db, lotId);
  if (!lot) throw notFound('inventory lot', lotId);
  return lot;
}

function productOfKind(db: Parameters<typeof findProduct>[0], kind: ProductKind, productId: string) {
  const product = findProduct(db, { id: productId });
  if (!product || product.kind !== kind) throw notFound(KIND_NAMES[kind], productId);
  return product;
}

/** A lot's `type` is its product's kind; a body that names another kind is a mistake worth telling. */
function checkType(type: ProductKind | undefined, kind: ProductKind): void {
  if (type !== undefined && type !== kind) {
    throw badRequest(`Invalid body.type: this lot stocks a ${KIND_NAMES[kind]}, so its type is ${kind}.`, [
      { field: 'body.type', message: `must be ${kind}` },
    ]);
  }
}

function invalidBody(error: z.ZodError, what: string) {
  const details = error.issues.slice(0, 20).map((issue) => ({
    field: ['body', ...issue.path.map(String)].join('.'),
    message: issue.code === 'invalid_type' && issue.input === undefined ? 'required' : issue.message,
  }));
  const fields = details.map((d) => d.field).join(', ');
  return badRequest(`${what} needs a batch number and an expiration date: check ${fields}.`, details);
}
