// The products operations: the catalogue keyed by kind, and the partial update of an order material.
import type { productsOperations } from '../../../contract/service/products.ts';
import { notFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/handler.ts';
import {
  findProduct,
  listProducts,
  PRODUCT_KINDS,
  type ProductKind,
  productView,
  updateProduct,
} from './products-repository.ts';

export function productsHandlers(): Handlers<{ products: typeof productsOperations }>['products'] {
  return {
    list({ db }) {
      type View = ReturnType<typeof productView>;
      const catalogue = Object.fromEntries(PRODUCT_KINDS.map((kind) => [kind, [] as View[]])) as Record<
        ProductKind,
        View[]
      >;
      for (const row of listProducts(db)) catalogue[row.kind].push(productView(row));
      return catalogue;
    },
    updateOrderMaterial({ db, params, body, now }) {
      const row = findProduct(db, { id: params.product_id });
      // Another kind's id is not an order material: the same 404 as an unknown id.
      if (row?.kind !== 'order_material') throw notFound('order material', params.product_id);
      return productView(updateProduct(db, row, body, now));
    },
  };
}
