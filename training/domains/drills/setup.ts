// Sets one drill up in the training data: its patient (found again when already on file), a prescriber with the
// drill's licences, its products and lots, the order with its prescription, then the planned change. One transaction.
import type { DrillSetup } from '../../../contract/drills.ts';
import type { DrillSetupResult } from '../../../contract/service/drills.ts';
import type { Db } from '../../database/db.ts';
import { nextCounter, withIdSource } from '../../database/records.ts';
import { syntheticDea, syntheticNpi } from '../../demo/identifiers.ts';
import { SeededRandom } from '../../demo/random.ts';
import { associateReceivedLot } from '../inventory/associations.ts';
import { createLot } from '../inventory/inventory-repository.ts';
import { requestCancellation } from '../orders/changes.ts';
import { createOrder } from '../orders/create.ts';
import { transitionOrder } from '../orders/lifecycle.ts';
import { orderRowById } from '../orders/view.ts';
import { findDuplicatePatient } from '../patients/duplicate-patients.ts';
import { createPatient } from '../patients/patients-repository.ts';
import { addRiskFactor } from '../patients/risk-factors.ts';
import { createPrescriber } from '../prescribers/prescribers-repository.ts';
import { addQualification } from '../prescribers/qualifications.ts';
import { createElectronicPrescription } from '../prescriptions/prescriptions-repository.ts';
import { createProduct } from '../products/products-repository.ts';

const DAY = 86_400_000;
const daysFrom = (now: Date, days: number) => new Date(now.getTime() + days * DAY).toISOString();
const dateFrom = (now: Date, days: number) => daysFrom(now, days).slice(0, 10);

interface Context {
  db: Db;
  now: Date;
  userId: string | null;
  /** The drill's number on this service: it names the products (SKU) and seeds the made-up identifiers. */
  n: number;
  random: SeededRandom;
}

/** The drill's patient: the one on file with the same name and birth date, or a new one; with its allergies. */
function patientOf(ctx: Context, patient: DrillSetup['patient']): string {
  const keys = { first_name: patient.firstName, last_name: patient.lastName, date_of_birth: patient.dateOfBirth };
  const id =
    findDuplicatePatient(ctx.db, keys)?.id ??
    createPatient(
      ctx.db,
      {
        ...keys,
        email: `${patient.firstName}.${patient.lastName}@drills.example`.toLowerCase(),
        phone: `555${ctx.random.digits(7)}`,
        address: {
          address_1: '1 Practice Way',
          city: 'Trainingville',
          state: patient.state,
          zip_code: '00000',
          country: 'US',
        },
      },
      ctx.now,
    );
  for (const name of patient.allergies) addRiskFactor(ctx.db, id, { type: 'allergy', name }, ctx.now);
  return id;
}

function prescriberOf(ctx: Context, prescriber: DrillSetup['prescriber']): string {
  const id = createPrescriber(
    ctx.db,
    {
      first_name: prescriber.firstName,
      last_name: prescriber.lastName,
      npi: syntheticNpi(ctx.random),
      dea: syntheticDea(ctx.random, prescriber.lastName),
      email: `dr.${prescriber.lastName.toLowerCase()}.${ctx.n}@drills.example`,
      is_active: true,
    },
    ctx.now,
  );
  for (const licence of prescriber.licences) {
    addQualification(
      ctx.db,
      id,
      {
        state: licence.state,
        license_number: `${licence.state}${ctx.random.digits(7)}`,
        description: 'State medical license',
        expiration_date: dateFrom(ctx.now, licence.expiresInDays),
        is_active: licence.active,
      },
      ctx.now,
    );
  }
  return id;
}

type MadeProduct = DrillSetupResult['products'][number] & { productCode: string; drug: string; strength: string };

function productsOf(ctx: Context, products: DrillSetup['products']): Map<string, MadeProduct> {
  const made = new Map<string, MadeProduct>();
  for (const p of products) {
    const sku = `DRL${ctx.n}-${p.ref.toUpperCase()}`;
    const name = `${p.drug} ${p.strength} ${p.form}`;
    const productCode = `${ctx.random.digits(5)}-${ctx.random.digits(4)}-${ctx.random.digits(2)}`;
    const id = createProduct(
      ctx.db,
      {
        kind: 'prescription',
        sku,
        name,
        description: `${name}s (training drill)`,
        product_code: productCode,
        upc: ctx.random.upc(),
        form: p.form,
        strength: p.strength,
        has_prescription: true,
        is_controlled_substance: p.controlled,
      },
      ctx.now,
    );
    made.set(p.ref, { ref: p.ref, id, sku, name, productCode, drug: p.drug, strength: p.strength });
  }
  return made;
}

function lotsOf(ctx: Context, lots: DrillSetup['lots'], products: Map<string, MadeProduct>) {
  const made = new Map<string, DrillSetupResult['lots'][number]>();
  for (const lot of lots) {
    const productId = (products.get(lot.product) as MadeProduct).id;
    const upc = ctx.random.upc();
    const expiration = daysFrom(ctx.now, lot.expiresInDays);
    const id = createLot(
      ctx.db,
      productId,
      {
        batch_number: lot.batch,
        upc,
        initial_quantity: 500,
        current_quantity: 500,
        units_per_product: 1,
        unit_type: 'each',
        expiration_date: expiration,
        received_date: daysFrom(ctx.now, -30),
        manufacturer: 'Practice Pharma',
        is_active: true,
      },
      ctx.now,
    );
    associateReceivedLot(ctx.db, id, productId, 1, ctx.now);
    made.set(lot.ref, { ref: lot.ref, id, batch: lot.batch, upc, expiration_date: expiration });
  }
  return made;
}

/** Creates the drill's records; the order waits at Picked for the trainee to verify (or is held, when cancelled). */
export function setUpDrill(
  db: Db,
  drillId: string,
  setup: DrillSetup,
  at: { now: Date; userId: string | null },
): DrillSetupResult {
  return db.transaction(() => {
    const n = nextCounter(db, 'drill_setups', 1);
    const random = new SeededRandom(n);
    const ctx: Context = { db, now: at.now, userId: at.userId, n, random };
    return withIdSource(
      () => random.uuid(),
      () => {
        const patientId = patientOf(ctx, setup.patient);
        const prescriberId = prescriberOf(ctx, setup.prescriber);
        const products = productsOf(ctx, setup.products);
        const lots = lotsOf(ctx, setup.lots, products);
        const productOf = (ref: string) => products.get(ref) as MadeProduct;
        const order = createOrder(
          db,
          {
            patient_id: patientId,
            products: { prescription: setup.order.map((l) => ({ id: productOf(l.product).id, quantity: l.quantity })) },
            shipping: { carrier: 'usps', service_level: 'usps_ground_advantage' },
          },
          { now: at.now, userId: at.userId, forceNew: true },
        );
        const electronicId = createElectronicPrescription(
          db,
          {
            source: 'training drill',
            type: 'new',
            reference_number: `DRILL${String(n).padStart(6, '0')}`,
            medications: setup.order.map((line) => ({
              drug_name: productOf(line.product).drug,
              strength: productOf(line.product).strength,
              quantity: line.quantity,
              units: 'each',
              sig: 'Take as directed',
              refills: 0,
              product_code: productOf(line.product).productCode,
              product_code_type: 'ndc' as const,
              written_at: at.now.toISOString(),
            })),
          },
          { now: at.now, patientId, prescriberId, orderId: order.id },
        );
        // A pharmacist reviewed it before it was picked, unless the review is the drill (the pharmacist's gate).
        if (setup.reviewed) {
          db.run(
            "UPDATE prescriptions SET status = 'reviewed', updated_at = ? WHERE electronic_prescription_id = ?",
            at.now.toISOString(),
            electronicId,
          );
        }
        for (const status of ['data_entry', 'picked'] as const) {
          transitionOrder(db, order.id, status, { now: at.now, userId: at.userId });
        }
        if (setup.planned?.change === 'cancellation' && setup.planned.at === 'setup') {
          requestCancellation(
            db,
            orderRowById(db, order.id),
            'The prescriber cancelled this therapy (training drill).',
            at,
          );
        }
        const prescription = db.get<{ id: string }>(
          'SELECT id FROM prescriptions WHERE electronic_prescription_id = ? ORDER BY rowid LIMIT 1',
          electronicId,
        );
        return {
          drill_id: drillId,
          order_id: order.id,
          order_number: orderRowById(db, order.id).order_number,
          patient_id: patientId,
          prescriber_id: prescriberId,
          prescription_id: prescription?.id ?? null,
          products: [...products.values()].map(({ ref, id, sku, name }) => ({ ref, id, sku, name })),
          lots: [...lots.values()],
          bin: setup.bin.map((item) => {
            const lot = item.lot === undefined ? undefined : lots.get(item.lot);
            return {
              product_ref: item.product,
              lot_ref: item.lot ?? null,
              name: productOf(item.product).name,
              code: lot ? lot.upc : productOf(item.product).sku,
              count: item.count,
            };
          }),
          planned: setup.planned ?? null,
          set_up_at: at.now.toISOString(),
        };
      },
    );
  });
}
