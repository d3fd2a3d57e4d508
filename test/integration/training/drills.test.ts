// Setting a training drill up over real HTTP: the drill file's setup becomes real records (patient, prescriber and
// licences, products, lots, the order at Picked with its prescription), answered with what the trainee needs.

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrillSetupResult } from '../../../contract/service/drills.ts';
import type { Order } from '../../../contract/service/orders.ts';
import type { Prescriber } from '../../../contract/service/prescribers.ts';
import { loadDrills } from '../../../main/work/drills/drill-files.ts';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const DRILLS = '/api/v1/training/drills';
const drills = loadDrills();
const drillOf = (id: string) => {
  const found = drills.find((d) => d.id === id);
  if (!found) throw new Error(`no drill ${id}`);
  return found;
};
const setUp = (id: string, as: 'admin' | 'pharmacist' | 'technician' = 'admin') =>
  h.api<DrillSetupResult>('POST', DRILLS, { as, body: { drill_id: id, setup: drillOf(id).setup } });

describe('setting a drill up', () => {
  it('sets every shipped drill up, with an order at Picked and a code for every item of the bin', async () => {
    for (const d of drills) {
      const res = await setUp(d.id);
      expect(res.status, `${d.id}: ${JSON.stringify(res.body)}`).toBe(201);
      expect(res.body.bin).toHaveLength(d.setup.bin.length);
      const order = await h.api('GET', `/api/v1/orders/${res.body.order_id}`);
      expect(order.body.status).toBe('picked');
      expect(order.body.order_number).toBe(res.body.order_number);
    }
  });

  it("hands the look-alike drill's trainee hydralazine for an order of hydroxyzine", async () => {
    const res = await setUp('look-alike-hydroxyzine');
    const order = (await h.api<Order>('GET', `/api/v1/orders/${res.body.order_id}`)).body;
    const lines = order.products!.prescription!.map((p) => p.sku);
    expect(lines).toEqual([res.body.products.find((p) => p.ref === 'hydroxyzine')!.sku]);
    expect(res.body.bin).toEqual([
      expect.objectContaining({
        name: 'Hydralazine HCl 25 mg tablet',
        code: expect.stringMatching(/^DRL\d+-HYDRALAZINE$/),
      }),
    ]);
  });

  it("gives the expired-lot drill's bin the expired lot's own code", async () => {
    const res = await setUp('expired-lot');
    const item = res.body.bin[0]!;
    const lot = res.body.lots[0]!;
    expect(item.code).toBe(lot.upc);
    expect(Date.parse(lot.expiration_date)).toBeLessThan(h.clock.now.getTime());
    const inventory = await h.api('GET', `/api/v1/inventory/lots/${lot.id}`);
    expect([200, 404]).toContain(inventory.status);
  });

  it("gives the allergy drill's patient the penicillin allergy, and a prescription for amoxicillin", async () => {
    const res = await setUp('allergy-conflict');
    const factors = await h.api('GET', `/api/v1/patients/${res.body.patient_id}/risk_factors`);
    expect(JSON.stringify(factors.body)).toMatch(/Penicillin/);
    const prescription = await h.api('GET', `/api/v1/prescriptions/${res.body.prescription_id}`);
    expect(prescription.status).toBe(200);
    expect(JSON.stringify(prescription.body)).toMatch(/Amoxicillin/);
  });

  it("licenses the licence drill's prescriber in New York and Connecticut, not in the patient's New Jersey", async () => {
    const res = await setUp('licence-wrong-state');
    const prescriber = await h.api<Prescriber>('GET', `/api/v1/prescribers/${res.body.prescriber_id}`);
    expect(prescriber.status).toBe(200);
    const states = prescriber.body.qualifications!.map((q) => q.state).sort();
    expect(states).toEqual(['CT', 'NY']);
  });

  it('finds the same patient again on a second run of a drill, never a duplicate', async () => {
    const first = await setUp('duplicate-patient-intake');
    const second = await setUp('duplicate-patient-intake');
    expect(second.body.patient_id).toBe(first.body.patient_id);
    expect(second.body.order_id).not.toBe(first.body.order_id);
  });

  it('requests the cancellation the cancelled drill plans, so the station reads it on the order', async () => {
    const res = await setUp('cancelled-mid-verification');
    const order = (await h.api('GET', `/api/v1/orders/${res.body.order_id}`)).body;
    expect(order.cancellation_requested).toBe(true);
    expect(res.body.planned).toEqual({ change: 'cancellation', at: 'setup' });
  });
});

describe('who may set a drill up, and with what', () => {
  it('is for admins (trainers): a pharmacist or technician is refused with 403', async () => {
    for (const as of ['pharmacist', 'technician'] as const) {
      const res = await setUp('short-count', as);
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/admin/);
    }
  });

  it('refuses a setup that does not fit the drill schema with a 400 naming the field', async () => {
    // A setup the drill schema refuses, sent as it is: unchecked, as a record.
    const setup: Record<string, unknown> = structuredClone(drillOf('short-count').setup);
    setup.bin = [{ product: 'warfarin', count: 1 }];
    const res = await h.api('POST', DRILLS, { body: { drill_id: 'short-count', setup } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/warfarin/);
  });

  it('refuses an unknown field and a bad drill id with a 400', async () => {
    const setup = drillOf('short-count').setup;
    for (const body of [
      { drill_id: 'short-count', setup, extra: 1 },
      { drill_id: 'Short Count!', setup },
      { drill_id: 'short-count' },
    ]) {
      expect((await h.api('POST', DRILLS, { body })).status).toBe(400);
    }
  });
});

describe('hostile setups', () => {
  it('answer any JSON in place of a setup with a 4xx, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (setup) => {
        const res = await h.api('POST', DRILLS, { body: { drill_id: 'short-count', setup } });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
  });

  it('answer a drill with refs shuffled between its parts with a 201 or a 400, never a 5xx', async () => {
    const base = drillOf('expired-lot').setup;
    const refs = ['lisinopril', 'expired', 'other'];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...refs),
        fc.constantFrom(...refs),
        fc.constantFrom(...refs),
        async (a, b, c) => {
          const setup = structuredClone(base);
          setup.lots[0]!.product = a;
          setup.bin[0]!.lot = b;
          setup.order[0]!.product = c;
          const res = await h.api('POST', DRILLS, { body: { drill_id: 'expired-lot', setup } });
          expect([201, 400]).toContain(res.status);
        },
      ),
      { numRuns: 27 },
    );
  });
});
