// Interaction screening as a pharmacist meets it: for three patients, each with an open prescription already on file,
// a new order brings a drug that interacts with it (tramadol + sumatriptan, sertraline + warfarin, tramadol +
// warfarin); the review's interaction check fails each one, naming both drugs, what happens and its source, and "OK to
// fill" waits for an acknowledgement (and, for tramadol, a controlled substance, for what the state's PDMP showed).
import { expect, type Page, test } from '@playwright/test';
import { asTrainingAdmin, call, openStation, type Station, scan, shoot } from './support.ts';

test.describe.configure({ mode: 'serial' });

let station: Station;
let page: Page;
let close: () => Promise<void>;
let serial = 0;

const COMPOSITE = '/api/v1/prescriptions/electronic_prescriptions/composite?force_new=true';
const SIGS: Record<string, string> = {
  Tramadol: 'Take 1 tablet every 6 hours as needed for pain',
  Sumatriptan: 'Take 1 tablet at onset of migraine; may repeat once',
  Sertraline: 'Take 1 tablet by mouth once daily',
  Warfarin: 'Take as directed by your anticoagulation clinic',
};
const STRENGTHS: Record<string, string> = {
  Tramadol: '50 mg',
  Sumatriptan: '50 mg',
  Sertraline: '50 mg',
  Warfarin: '5 mg',
};

/** One order of one drug for a patient (new, or by id), through the service's composite creation: its order number. */
async function orderOf(
  drug: string,
  patient: object,
  medication: object = { drug_name: drug, strength: STRENGTHS[drug], quantity: 30, sig: SIGS[drug], refills: 1 },
  products?: object,
): Promise<{ patientId: string; orderNumber: string }> {
  const made = await asTrainingAdmin<{ patient: { id: string }; order: { id: string } }>(
    station.training,
    'POST',
    COMPOSITE,
    {
      patient,
      prescriber: { first_name: 'Casey', last_name: 'Example', npi: String(3_100_000_000 + ++serial) },
      order: {
        address: { address_1: '4 Oak Ave', city: 'Austin', state: 'TX', zip_code: '78701' },
        shipping: { carrier: 'usps', service_level: 'usps_ground_advantage' },
        ...(products ? { products } : {}),
      },
      electronic_prescription: { medications: [medication] },
    },
  );
  const order = await asTrainingAdmin<{ order_number: string }>(
    station.training,
    'GET',
    `/api/v1/orders/${made.order.id}`,
  );
  return { patientId: made.patient.id, orderNumber: order.order_number };
}

/** A patient with `onFile` already prescribed, then a new order of `drug`: the new order's number. */
async function patientWith(onFile: string, drug: string): Promise<string> {
  const first = await orderOf(onFile, {
    first_name: `Interaction${++serial}`,
    last_name: 'Example',
    date_of_birth: '1970-03-04',
  });
  return (await orderOf(drug, { id: first.patientId })).orderNumber;
}

test.beforeAll(async ({ browser }) => {
  ({ station, page, close } = await openStation(browser, { role: 'pharmacist' }));
});

test.afterAll(async () => close?.());

const cases = [
  {
    onFile: 'Sumatriptan',
    drug: 'Tramadol',
    effect: 'serotonin syndrome',
    source: 'Ultram (tramadol) prescribing information',
  },
  {
    onFile: 'Warfarin',
    drug: 'Sertraline',
    effect: 'raise the risk of bleeding',
    source: 'Zoloft (sertraline) prescribing information',
  },
  {
    onFile: 'Warfarin',
    drug: 'Tramadol',
    effect: 'tramadol raises the INR',
    source: 'Ultram (tramadol) prescribing information',
  },
];

for (const { onFile, drug, effect, source } of cases) {
  test(`${drug} for a patient with an open ${onFile} prescription fails the interaction check, with its source`, async () => {
    const orderNumber = await patientWith(onFile, drug);
    await scan(page, orderNumber);
    await page
      .getByRole('button', { name: /^Open prescription/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Prescription review: ${drug} ${STRENGTHS[drug]}`);
    const interactions = page.getByRole('region', { name: 'Checks' }).locator('[data-check="interactions"]');
    await expect(interactions).toContainText('Fail');
    await expect(interactions.locator('.rx-check-title')).toHaveText('Drug interaction');
    await expect(interactions).toContainText(`${drug.toLowerCase()} with ${onFile.toLowerCase()}`);
    await expect(interactions).toContainText(effect);
    await expect(interactions).toContainText(`Source: ${source}`);
    const decision = page.getByRole('region', { name: 'Decision' });
    await expect(decision.getByLabel('Drug interaction: why it is acceptable')).toBeVisible();
    await expect(decision.getByRole('button', { name: 'Reviewed — OK to fill' })).toBeDisabled();
    // A controlled substance: the pharmacist records what the state's PDMP showed before "OK to fill".
    if (drug === 'Tramadol') {
      await expect(page.locator('[data-check="pdmp"]')).toContainText('look the patient up in the TX PDMP');
      await expect(decision.getByLabel('PDMP look-up to record: what the state PDMP showed')).toBeVisible();
    }
    if (drug === 'Sertraline') await shoot(page, 'review-interaction', { fullPage: true });
  });
}

test('a zolpidem order opened on a cream prescription shows what it fills and fails before "OK to fill"', async () => {
  const catalogue = await call(page, 'products', 'list', {});
  const zolpidem = catalogue.prescription!.find((product) => /^Zolpidem/.test(product.name!));
  if (!zolpidem) throw new Error('the demo catalogue holds no zolpidem');
  const cream = {
    drug_name: 'Hydrocortisone cream',
    strength: '2.5%',
    quantity: 1,
    units: 'tube',
    sig: 'Apply a thin layer twice daily',
  };
  const patient = { first_name: `Mismatch${++serial}`, last_name: 'Example', date_of_birth: '1970-03-04' };
  const { orderNumber } = await orderOf('Hydrocortisone', patient, cream, {
    prescription: [{ sku: zolpidem.sku, quantity: 30 }],
  });
  await scan(page, orderNumber);
  await page
    .getByRole('button', { name: /^Open prescription/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prescription review: Hydrocortisone cream 2.5%');
  const fills = page.getByRole('region', { name: `Order ${orderNumber} fills` });
  await expect(fills.getByRole('listitem')).toContainText([`${zolpidem.name}× 30Not this prescription`]);
  const order = page.getByRole('region', { name: 'Checks' }).locator('[data-check="order"]');
  await expect(order).toContainText('Fail');
  await expect(order).toContainText(`The order fills ${zolpidem.name} × 30, not Hydrocortisone cream`);
  const decision = page.getByRole('region', { name: 'Decision' });
  await expect(decision.getByLabel('The order fills something else: why it is acceptable')).toBeVisible();
  await expect(decision.getByRole('button', { name: 'Reviewed — OK to fill' })).toBeDisabled();
  await shoot(page, 'review-order-mismatch', { fullPage: true });
});
