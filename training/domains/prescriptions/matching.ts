// Matching a prescribed medication to a prescription product: by the id given, by product code (NDC), or by name.
import type { z } from 'zod';
import type { medicationBody } from '../../../contract/service/prescriptions.ts';
import type { Db } from '../../database/db.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { ProductRow } from '../products/products-repository.ts';

export type Medication = z.output<typeof medicationBody>;

const ACTIVE_PRESCRIPTION = "kind = 'prescription' AND is_active = 1";

/**
 * The prescription product this medication is, or null when nothing matches (the prescription stays unmatched for a
 * technician to resolve). A product id given explicitly must exist and be a prescription product.
 */
export function matchProduct(db: Db, medication: Medication, field: string): string | null {
  if (medication.prescription_product_id !== undefined) {
    const id = medication.prescription_product_id.toLowerCase();
    const product = db.get<ProductRow>('SELECT * FROM products WHERE id = ?', id);
    if (!product) throw notFound('prescription product', id);
    if (product.kind !== 'prescription') {
      const message = `Product ${id} is a ${product.kind} product, not a prescription product.`;
      throw badRequest(message, [{ field: `${field}.prescription_product_id`, message }]);
    }
    return product.id;
  }
  if (medication.product_code !== undefined) {
    const byCode = byProductCode(db, medication.product_code);
    if (byCode) return byCode;
  }
  return byName(db, medication);
}

/** An NDC is written with and without dashes; both forms find the product. */
function byProductCode(db: Db, code: string): string | null {
  const exact = db.get<{ id: string }>(
    `SELECT id FROM products WHERE product_code = ? AND ${ACTIVE_PRESCRIPTION} ORDER BY created_at, id LIMIT 1`,
    code,
  );
  if (exact) return exact.id;
  const digits = code.replace(/[-\s]/g, '');
  const loose = db.get<{ id: string }>(
    `SELECT id FROM products WHERE REPLACE(product_code, '-', '') = ? AND ${ACTIVE_PRESCRIPTION}
     ORDER BY created_at, id LIMIT 1`,
    digits,
  );
  return loose?.id ?? null;
}

/** The product named like the drug, alone or with its strength ("Amoxicillin" or "Amoxicillin 500 mg"). */
function byName(db: Db, medication: Medication): string | null {
  const names = new Set<string>();
  for (const name of [medication.drug_name, medication.name]) {
    if (!name) continue;
    // The name with its strength first: it is the more exact match.
    if (medication.strength) names.add(`${name.trim()} ${medication.strength.trim()}`);
    names.add(name.trim());
  }
  for (const name of names) {
    const row = db.get<{ id: string }>(
      `SELECT id FROM products WHERE name = ? COLLATE NOCASE AND ${ACTIVE_PRESCRIPTION} ORDER BY created_at, id LIMIT 1`,
      name,
    );
    if (row) return row.id;
  }
  return null;
}
