// The training catalogue's codes scan as real ones do: every UPC carries its GS1 check digit (a scanner set to check it
// refuses the code otherwise), every NDC-shaped product code has the 5-4-2 layout; for every seed. The service sends a
// product's UPC, and a medication's lots carry it, so a stock bottle's scan names its product.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidGtin } from '../../../rules/verification/codes/gtin.ts';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

interface Listed {
  sku: string;
  upc?: string | null;
  product_code?: string | null;
}

async function catalogueOf(seed: number): Promise<Listed[]> {
  const reset = await h.api('POST', '/api/v1/training/reset', { body: { seed, orders: 8 } });
  expect(reset.status).toBeLessThan(300);
  return h.service.db.all<Listed>('SELECT sku, upc, product_code FROM products ORDER BY sku');
}

describe('the training catalogue', () => {
  it('gives every product a UPC whose check digit is right, and every prescription product an NDC-shaped code', async () => {
    const products = await catalogueOf(1);
    expect(products.length).toBeGreaterThanOrEqual(27);
    const wrong = products.filter((p) => !isValidGtin(String(p.upc ?? ''))).map((p) => `${p.sku} ${p.upc}`);
    expect(wrong).toEqual([]);
    const prescription = products.filter((p) => p.sku.startsWith('RX-'));
    for (const p of prescription) expect(p.product_code).toMatch(/^\d{5}-\d{4}-\d{2}$/);
  });

  it('keeps every UPC valid whatever the seed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), async (seed) => {
        const products = await catalogueOf(seed);
        return products.every((p) => isValidGtin(String(p.upc ?? '')));
      }),
      { numRuns: 8 },
    );
  });

  it("sends every product with its UPC, and every lot of a medication carries its product's UPC", async () => {
    await catalogueOf(3);
    const listed = await h.api('GET', '/api/v1/products');
    expect(listed.status).toBe(200);
    const stored = new Map(
      h.service.db.all<{ id: string; upc: string }>('SELECT id, upc FROM products').map((p) => [p.id, p.upc]),
    );
    const kinds = ['prescription', 'non_prescription', 'order_material'] as const;
    const sent = kinds.flatMap((kind) => listed.body[kind] as { id: string; upc: string }[]);
    expect(sent.length).toBe(stored.size);
    for (const product of sent) expect([product.id, product.upc]).toEqual([product.id, stored.get(product.id)]);
    const inventory = await h.api('GET', '/api/v1/products/inventory');
    const lots = [...inventory.body.prescription, ...inventory.body.non_prescription] as {
      product_id: string;
      upc: string | null;
    }[];
    expect(lots.length).toBeGreaterThan(0);
    for (const lot of lots) {
      expect(lot.upc).toBe(stored.get(lot.product_id));
      expect(isValidGtin(String(lot.upc))).toBe(true);
    }
  });
});
