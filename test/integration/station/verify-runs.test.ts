// A verification in progress is main's run, kept on the station at every scan before it answers: it comes back after a
// restart of the station, for the same person only, and a new run replaces it. Real SQLite file, real station.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { type DrivenOrder, verifyDriver } from './verify-driver.ts';

let rig: StationRig;
let order: DrivenOrder;
const { invoke, value, refusal, controlled, orders, scan, reviewAll } = verifyDriver(() => rig);
beforeAll(async () => {
  rig = await startStationRig();
  // Every prescription of the orders this file takes (these statuses) reviewed "OK to fill" by the pharmacist first:
  // the pharmacist's gate is tested on its own. Not all 200 of the demo data: reviewing those was most of its set-up.
  await reviewAll('received,data_entry');
}, 60_000);
afterAll(async () => {
  await rig.close();
});

const signInAs = async (email: string) => {
  await invoke('session:signOut');
  await value('session:signIn', { email, password: PASSWORD });
};

describe('verification runs on the station', () => {
  it('needs someone signed in', async () => {
    expect(await refusal('verify:start', { orderId: '0b6f1c2e-4d5a-4b7c-9e8f-1a2b3c4d5e6f' })).toMatchObject({
      code: 'not_signed_in',
    });
  });

  it('keeps each step and answers the latest, across a restart of the station', async () => {
    await signInAs(TECHNICIAN);
    order = (await orders('received,data_entry')).find(
      (o) => !controlled(o) && o.products.prescription![0]!.quantity! > 2,
    )!;
    const sku = order.products.prescription![0]!.sku;
    expect((await value('verify:start', { orderId: order.id })).run.scans).toEqual([]);
    await scan(order.id, sku);
    const second = await scan(order.id, sku);
    await rig.stop();
    await rig.restart();
    await signInAs(TECHNICIAN);
    const resumed = await value('verify:start', { orderId: order.id });
    expect(resumed.run).toEqual(second.run);
    expect(resumed.run.scans).toHaveLength(2);
  }, 60_000);

  it("is the same person's only: another person opening the order starts their own", async () => {
    await signInAs(ADMIN);
    expect((await value('verify:start', { orderId: order.id })).run.scans).toEqual([]);
    await signInAs(TECHNICIAN);
    expect((await value('verify:start', { orderId: order.id })).run.scans).toHaveLength(2);
  });

  it('lets a run go when asked, and refuses a code or an order id that cannot be one', async () => {
    expect(await value('verify:dropRun', { orderId: order.id })).toEqual({ orderId: order.id });
    expect(await refusal('verify:scan', { orderId: order.id, text: 'X', entry: 'typed' })).toMatchObject({
      code: 'not_found',
    });
    expect((await value('verify:start', { orderId: order.id })).run.scans).toEqual([]);
    const bad = [
      { orderId: '../x y', text: 'X', entry: 'typed' },
      { orderId: order.id, text: 'RX\u00070001', entry: 'typed' },
      { orderId: order.id, text: 'x'.repeat(221), entry: 'typed' },
      { orderId: order.id, text: 'X', entry: 'pasted' },
    ];
    for (const input of bad) expect(await refusal('verify:scan', input)).toMatchObject({ code: 'invalid_input' });
    // A text main reads and finds no code in is refused with the rule's words, never counted.
    const unread = [
      ['0*X', 'A count before * is 1 to 9999; 0 was typed.'],
      ['30*', 'Scan the product after the count.'],
      ['x'.repeat(201), 'That code is too long to be a product barcode.'],
    ];
    for (const [text, message] of unread) {
      expect(await refusal('verify:scan', { orderId: order.id, text, entry: 'typed' })).toMatchObject({
        code: 'invalid_input',
        message,
      });
    }
    expect((await value('verify:start', { orderId: order.id })).run.scans).toEqual([]);
  });

  it("takes the scan field's text only: a code read by the page, a count sent apart or a forged structure is refused", async () => {
    const sku = order.products.prescription![0]!.sku;
    const parsed = {
      raw: sku,
      quantity: 30,
      serviceBarcode: false,
      gs1: null,
      gtin14: null,
      ndcCandidates: [],
      key: sku,
    };
    const forged = [
      { orderId: order.id, text: parsed, entry: 'scanner' },
      { orderId: order.id, text: [sku], entry: 'scanner' },
      { orderId: order.id, text: sku, entry: 'scanner', quantity: 30 },
      { orderId: order.id, code: sku, entry: 'scanner', quantity: 30 },
      { orderId: order.id, code: parsed, entry: 'scanner' },
    ];
    for (const input of forged) {
      const refused = await refusal('verify:scan', input);
      expect(refused.code).toBe('invalid_input');
      expect((refused.details as { field: string }[]).map((d) => d.field).join(' ')).toMatch(/text|code|quantity/);
    }
    expect((await value('verify:start', { orderId: order.id })).run.scans).toEqual([]);
  });
});
