// Demo products of all three kinds and their inventory lots (some close to expiry, one expired, one material under its threshold).

import type { Db } from '../database/db.ts';
import { associateReceivedLot } from '../domains/inventory/associations.ts';
import { createLot } from '../domains/inventory/inventory-repository.ts';
import { createProduct, findProduct } from '../domains/products/products-repository.ts';
import type { SeededRandom } from './random.ts';
import { medications, nonPrescriptionItems, orderMaterials } from './vocabulary.ts';

export interface DemoCatalogue {
  prescription: { id: string; sku: string; drug: string; strength: string; sig: string; productCode: string }[];
  nonPrescription: { id: string; sku: string }[];
  materials: { id: string; sku: string }[];
}

const DAY = 86_400_000;
const dateAfter = (now: Date, days: number) => new Date(now.getTime() + days * DAY).toISOString();

export function seedCatalogue(db: Db, random: SeededRandom, now: Date): DemoCatalogue {
  const catalogue: DemoCatalogue = { prescription: [], nonPrescription: [], materials: [] };
  medications.forEach((m, i) => {
    const sku = `RX-${String(i + 1).padStart(4, '0')}`;
    // An 11-digit NDC-shaped code with the 5-4-2 layout; made up, never a real product's.
    const productCode = `${random.digits(5)}-${random.digits(4)}-${random.digits(2)}`;
    const id = createProduct(
      db,
      {
        kind: 'prescription',
        sku,
        name: `${m.drug} ${m.strength} ${m.form}`,
        description: `${m.drug} ${m.strength}, ${m.form}s`,
        product_code: productCode,
        upc: random.upc(),
        form: m.form,
        strength: m.strength,
        has_prescription: true,
        is_controlled_substance: m.controlled,
        label_orientation: random.pick(['portrait', 'landscape']),
      },
      now,
    );
    catalogue.prescription.push({ id, sku, drug: m.drug, strength: m.strength, sig: m.sig, productCode });
  });
  nonPrescriptionItems.forEach((item, i) => {
    const sku = `OTC-${String(i + 1).padStart(4, '0')}`;
    const id = createProduct(
      db,
      { kind: 'non_prescription', sku, name: item.name, form: item.form, upc: random.upc() },
      now,
    );
    catalogue.nonPrescription.push({ id, sku });
  });
  orderMaterials.forEach((item, i) => {
    const sku = `MAT-${String(i + 1).padStart(4, '0')}`;
    // The third material sits under its reorder threshold, so the low-stock flag has something to show.
    const stock = i === 2 ? 4 : random.int(150, 900);
    const id = createProduct(
      db,
      {
        kind: 'order_material',
        sku,
        name: item.name,
        category: item.category,
        current_stock: stock,
        reorder_threshold: 25,
        has_inventory: true,
        is_global: item.category === 'insert',
        upc: random.upc(),
      },
      now,
    );
    catalogue.materials.push({ id, sku });
  });
  seedLots(db, random, now, catalogue);
  return catalogue;
}

function seedLots(db: Db, random: SeededRandom, now: Date, catalogue: DemoCatalogue): void {
  const medicationIds = [...catalogue.prescription, ...catalogue.nonPrescription].map((p) => p.id);
  medicationIds.forEach((productId, i) => {
    // A bottle carries its product's GTIN (DSCSA: the package's GTIN, the lot in AI 10), so its scan names the product.
    const upc = findProduct(db, { id: productId })?.upc ?? undefined;
    // Two lots each: one comfortably dated, one expiring within 20 to 120 days; the very first lot has expired.
    const soon = i === 0 ? -12 : random.int(20, 120);
    for (const days of [random.int(200, 700), soon]) {
      const initial = random.int(200, 2000);
      const lotId = createLot(
        db,
        productId,
        {
          batch_number: `B${random.digits(6)}`,
          initial_quantity: initial,
          current_quantity: random.int(Math.floor(initial / 4), initial),
          units_per_product: 1,
          unit_type: 'each',
          cost_per_unit: random.int(5, 400) / 100,
          expiration_date: dateAfter(now, days),
          received_date: dateAfter(now, -random.int(10, 200)),
          manufacturer: random.pick(['Examplar Pharma', 'Sample Labs', 'Placebo Generics']),
          ...(upc ? { upc } : {}),
          is_active: true,
        },
        now,
      );
      // A lot received for a product is that product's stock, as the service records for a received lot.
      associateReceivedLot(db, lotId, productId, 1, now);
    }
  });
  for (const material of catalogue.materials) {
    const initial = random.int(500, 5000);
    const lotId = createLot(
      db,
      material.id,
      {
        initial_quantity: initial,
        current_quantity: initial,
        units_per_product: 1,
        unit_type: 'each',
        cost_per_unit: random.int(5, 150) / 100,
        received_date: dateAfter(now, -random.int(5, 60)),
        manufacturer: 'Boxworks Supply',
        is_active: true,
      },
      now,
    );
    associateReceivedLot(db, lotId, material.id, 1, now);
  }
}
