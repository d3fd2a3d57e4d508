// Linking a product to a lot: which product, and how many of the lot's units make one of it; checked by the contract.
import {
  type AssociationCreateBody,
  type AssociationsByKind,
  associationCreateBody,
  type InventoryAssociation,
} from '../../../contract/service/inventory.ts';
import type { ProductKind } from '../../../contract/service/products.ts';
import { errorsFromIssues, type FieldErrors } from '../../forms/field-errors.ts';
import { parseAmount } from './lot-form.ts';
import { PRODUCT_KINDS } from './lot-rows.ts';

export interface AssociationFormValues {
  /** The product's id (named for the summary of errors, which shows field names as words). */
  product: string;
  units_per_product: string;
}

export const associationFormKeys: readonly string[] = ['product', 'units_per_product'];

export const associationFieldOf = (path: string) => (path === 'product_id' ? 'product' : path);

export const emptyAssociationForm = (): AssociationFormValues => ({ product: '', units_per_product: '1' });

export function buildAssociation(
  values: AssociationFormValues,
): { ok: true; body: AssociationCreateBody } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (!values.product) errors.product = 'Choose the product that draws on this lot.';
  const units = values.units_per_product.trim() === '' ? undefined : parseAmount(values.units_per_product);
  if (units === null) errors.units_per_product = 'Not a number.';
  const parsed = associationCreateBody.safeParse({
    product_id: values.product,
    units_per_product: units ?? undefined,
  });
  if (!parsed.success) {
    const found = errorsFromIssues(parsed.error.issues);
    if (found.units_per_product && !errors.units_per_product) {
      errors.units_per_product =
        typeof units === 'number' && units <= 0
          ? 'More than zero: how many of the lot’s units make one product.'
          : found.units_per_product;
    }
    if (found.product_id && !errors.product) errors.product = found.product_id;
  }
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, body: parsed.data };
  return { ok: false, errors };
}

export interface AssociationRow {
  kind: ProductKind;
  association: InventoryAssociation;
}

/**
 * The associations as one list in kind order. The service answers them keyed by kind; a flat list (another service
 * generation) is kept with the kind of the product it names, found in `kindOf`.
 */
export function associationRows(
  associations: AssociationsByKind | readonly InventoryAssociation[] | null | undefined,
  kindOf: (productId: string) => ProductKind | null,
): AssociationRow[] {
  if (!associations) return [];
  if (Array.isArray(associations)) {
    const flat = associations as readonly InventoryAssociation[];
    return PRODUCT_KINDS.flatMap((kind) =>
      flat
        .filter((a) => (kindOf(a.product_id) ?? 'prescription') === kind)
        .map((association) => ({ kind, association })),
    );
  }
  const byKind = associations as AssociationsByKind;
  return PRODUCT_KINDS.flatMap((kind) => (byKind[kind] ?? []).map((association) => ({ kind, association })));
}
