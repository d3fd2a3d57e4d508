// The deterministic demo data set: the same seed and size always build the same synthetic pharmacy, through the
// domains' own create functions, so demo data obeys every rule the API does. Feeds training mode, tests and benchmarks.
import type { OrderStatus } from '../../contract/service/orders.ts';
import type { Db } from '../database/db.ts';
import { withIdSource } from '../database/records.ts';
import { addShipment, requestReplacement } from '../domains/orders/changes.ts';
import { createOrder } from '../domains/orders/create.ts';
import { transitionOrder } from '../domains/orders/lifecycle.ts';
import { orderRowById } from '../domains/orders/view.ts';
import { createElectronicPrescription } from '../domains/prescriptions/prescriptions-repository.ts';
import { createTask } from '../domains/tasks/tasks-repository.ts';
import { type DemoCatalogue, seedCatalogue } from './catalogue.ts';
import { addCoverageLicenses, PrescriberChooser } from './licensing.ts';
import { seedPatients, seedPrescribers } from './people.ts';
import { ensureAllergyConflict, ensureNamedPicker } from './planted.ts';
import { SeededRandom } from './random.ts';

export interface DemoOptions {
  seed: number;
  orders: number;
  now: Date;
}

export interface DemoSummary {
  orders: number;
  patients: number;
  prescribers: number;
  tasks: number;
}

const HOUR = 3_600_000;
const SPAN = 90 * 24 * HOUR;
const FORWARD: OrderStatus[] = ['received', 'data_entry', 'picked', 'verified', 'shipped', 'delivered'];

/** Weighted final statuses: most orders are done, every status is present. */
const FINAL_STATUS: [OrderStatus, number][] = [
  ['received', 10],
  ['data_entry', 10],
  ['picked', 8],
  ['verified', 7],
  ['shipped', 15],
  ['delivered', 42],
  ['paused', 4],
  ['cancelled', 4],
];

export function hasDemoData(db: Db): boolean {
  return db.get('SELECT 1 FROM products LIMIT 1') !== undefined || db.get('SELECT 1 FROM orders LIMIT 1') !== undefined;
}

export function seedDemoData(db: Db, options: DemoOptions): DemoSummary {
  const random = new SeededRandom(options.seed);
  const now = options.now;
  return db.transaction(() =>
    withIdSource(
      () => random.uuid(),
      () => {
        const catalogue = seedCatalogue(db, random, now);
        const patients = seedPatients(db, random, now, Math.max(8, Math.ceil(options.orders / 2)));
        const prescribers = seedPrescribers(
          db,
          random,
          now,
          Math.max(6, Math.min(400, Math.ceil(options.orders / 250))),
        );
        const userIds = db.all<{ id: string }>('SELECT id FROM users ORDER BY email').map((u) => u.id);
        const chooser = new PrescriberChooser(prescribers);
        const orderIds: string[] = [];
        for (let i = 0; i < options.orders; i++) {
          const created = new Date(now.getTime() - SPAN + ((i + random.next()) / Math.max(1, options.orders)) * SPAN);
          const patient = random.pick(patients);
          const orderId = seedOrder(db, random, created, now, catalogue, {
            patientId: patient.id,
            // One draw, as the plain pick of a prescriber took, so every later draw (and record) stays where it was.
            prescriberId: chooser.next(patient.state, random.next()),
            externalId: random.chance(0.3) ? `CLINIC-O${String(i + 1).padStart(7, '0')}` : undefined,
          });
          orderIds.push(orderId);
        }
        const tasks = seedTasks(
          db,
          random,
          now,
          orderIds,
          userIds,
          Math.max(5, Math.min(5000, Math.ceil(options.orders / 20))),
        );
        // Last, after every other draw, so planting never moves a generated record.
        ensureAllergyConflict(db, now);
        ensureNamedPicker(db);
        addCoverageLicenses(db, random, now, chooser);
        return { orders: options.orders, patients: patients.length, prescribers: prescribers.length, tasks };
      },
    ),
  );
}

function seedOrder(
  db: Db,
  random: SeededRandom,
  created: Date,
  now: Date,
  catalogue: DemoCatalogue,
  who: { patientId: string; prescriberId: string; externalId: string | undefined },
): string {
  const medication = random.pick(catalogue.prescription);
  const quantity = random.pick([30, 60, 90]);
  const products = {
    prescription: [{ id: medication.id, quantity }],
    ...(random.chance(0.35)
      ? { non_prescription: [{ id: random.pick(catalogue.nonPrescription).id, quantity: random.int(1, 2) }] }
      : {}),
    order_material: [{ id: (catalogue.materials[random.int(0, 1)] as { id: string }).id, quantity: 1 }],
  };
  const carrier = random.pick(['usps', 'ups'] as const);
  const { id } = createOrder(
    db,
    {
      patient_id: who.patientId,
      products,
      shipping: { carrier, service_level: carrier === 'usps' ? 'usps_ground_advantage' : 'ups_ground' },
      ...(who.externalId ? { external_id: who.externalId } : {}),
    },
    { now: created, userId: null, forceNew: true },
  );
  // Most prescriptions match a product; a few name a compound the pharmacy does not stock and stay unmatched.
  const unmatched = random.chance(0.04);
  createElectronicPrescription(
    db,
    {
      source: 'e-prescribing network',
      type: 'new',
      reference_number: `RX${random.digits(9)}`,
      medications: [
        unmatched
          ? {
              drug_name: 'Compounded hydrocortisone cream 2.5%',
              quantity: 1,
              units: 'tube',
              sig: 'Apply thinly twice daily',
            }
          : {
              drug_name: medication.drug,
              strength: medication.strength,
              quantity,
              units: 'each',
              sig: medication.sig,
              refills: random.int(0, 5),
              product_code: medication.productCode,
              product_code_type: 'ndc',
              written_at: created.toISOString(),
            },
      ],
    },
    { now: created, patientId: who.patientId, prescriberId: who.prescriberId, orderId: id },
  );
  advance(db, random, id, created, now, carrier);
  return id;
}

/** Moves an order along its lifecycle to a drawn final status, at plausible times between its creation and now. */
function advance(db: Db, random: SeededRandom, orderId: string, created: Date, now: Date, carrier: string): void {
  const target = weighted(random, FINAL_STATUS);
  const path: OrderStatus[] =
    target === 'paused'
      ? ['data_entry', 'paused']
      : target === 'cancelled'
        ? ['data_entry', 'cancelled']
        : FORWARD.slice(1, FORWARD.indexOf(target) + 1);
  const step = Math.min(6 * HOUR, (now.getTime() - created.getTime()) / (path.length + 1));
  path.forEach((status, k) => {
    const at = new Date(created.getTime() + (k + 1) * step);
    if (status === 'shipped') {
      addShipment(
        db,
        orderId,
        {
          carrier,
          service_level: carrier === 'usps' ? 'usps_ground_advantage' : 'ups_ground',
          tracking_number: `${carrier === 'usps' ? '9400' : '1Z'}${random.digits(16)}`,
        },
        at,
      );
    }
    const pausedUntil =
      status === 'paused' ? new Date(now.getTime() + random.int(1, 10) * 24 * HOUR).toISOString() : undefined;
    transitionOrder(db, orderId, status, { now: at, userId: null, ...(pausedUntil ? { pausedUntil } : {}) });
  });
  if (target === 'delivered' && random.chance(0.02)) {
    requestReplacement(db, orderRowById(db, orderId), 'Package arrived damaged', { now, userId: null });
  }
}

function seedTasks(
  db: Db,
  random: SeededRandom,
  now: Date,
  orderIds: string[],
  userIds: string[],
  count: number,
): number {
  const kinds = [
    { category_code: 'T01', name: 'Call patient about delivery address' },
    { category_code: 'T02', name: 'Clarify directions with prescriber' },
    { category_code: 'T03', name: 'Count and relabel returned stock' },
    { category_code: 'T05', name: 'Reprint shipping label' },
  ];
  for (let i = 0; i < count; i++) {
    const kind = random.pick(kinds);
    createTask(
      db,
      {
        name: kind.name,
        description: 'Demo task from the training data set.',
        category_code: kind.category_code,
        status_code: random.pick(['NEW', 'NEW', 'IN_PROGRESS', 'BLOCKED', 'DONE']),
        assignee: random.chance(0.7) ? random.pick(userIds) : undefined,
        order_id: random.pick(orderIds),
      },
      { now: new Date(now.getTime() - random.int(0, 14 * 24) * HOUR), userId: random.pick(userIds) },
    );
  }
  return count;
}

function weighted<T>(random: SeededRandom, options: [T, number][]): T {
  const total = options.reduce((sum, [, w]) => sum + w, 0);
  let roll = random.next() * total;
  for (const [value, weight] of options) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return (options.at(-1) as [T, number])[0];
}
