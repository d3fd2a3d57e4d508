// The verify rules held by main when a verification is recorded, whatever the screen did: an order past verification
// needs an admin's re-verify, the picker the status history names needs a pharmacist's override.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeVerification } from './complete-verification.ts';
import { PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';

const PHARMACIST = 'pharmacist@training.local';
let rig: StationRig;

type Answer = { ok: true; value: any } | { ok: false; error: { code: string; message: string } };
const invoke = (channel: string, input?: unknown) => rig.station.invoke(channel, input) as Promise<Answer>;
const value = async (channel: string, input?: unknown) => {
  const answer = await invoke(channel, input);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.message}`);
  return answer.value;
};
const refusal = async (channel: string, input?: unknown) => {
  const answer = await invoke(channel, input);
  if (answer.ok) throw new Error(`${channel} was expected to refuse`);
  return answer.error;
};

beforeAll(async () => {
  rig = await startStationRig();
  await value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
});
afterAll(async () => {
  await rig.close();
});

describe('main holds the verify rules when a verification is recorded, whatever the screen did', () => {
  const plain = (order: any) => !(order.products.prescription ?? []).some((p: any) => p.is_controlled_substance);

  it('refuses an order past verification, and the picker the status history names, unless signed off', async () => {
    const me = (await value('session:state')).user.id;
    const orders = await value('orders:list', { query: { page_size: 200 } });
    const shipped = orders.find((o: any) => o.status === 'shipped' && plain(o));
    expect(await refusal('audit:record', completeVerification(shipped))).toMatchObject({
      code: 'forbidden',
      message: 'This order is shipped: it is past verification.',
    });
    let mine: any;
    for (const order of orders.filter((o: any) => o.status === 'picked' && plain(o))) {
      const history = await value('orders:statusHistory', { params: { order_id: order.id } });
      if (history.some((step: any) => step.updated_by === me)) mine = order;
    }
    expect(mine, 'the demo data names the technician as a picker').toBeTruthy();
    expect((await refusal('audit:record', completeVerification(mine))).message).toContain('You picked this order');
    const override = await value('session:confirmPharmacist', { who: PHARMACIST, password: PASSWORD });
    const entry = await value(
      'audit:record',
      completeVerification(mine, [
        { purpose: 'picker_override', productId: null, note: 'Night shift', confirmationId: override.confirmationId },
      ]),
    );
    expect(entry.signOffs[0]).toMatchObject({ purpose: 'picker_override', by: { email: PHARMACIST } });
  });

  it('refuses a finished verification whose scans say a pharmacist approved a stop nobody confirmed', async () => {
    const orders = await value('orders:list', { query: { page_size: 200, status: 'received,data_entry' } });
    const order = orders.find(plain);
    const record = completeVerification(order);
    record.scans.push({
      code: 'OTC-9999',
      entry: 'scanner',
      quantity: 1,
      result: 'stopped',
      matchedBy: 'sku',
      productId: 'not-on-order',
      lotId: null,
      lot: null,
      expiry: null,
      stop: { kind: 'not_on_order', reason: 'pharmacist_approved', note: 'Said so', taskRef: null },
    } as any);
    expect((await refusal('audit:record', record)).message).toContain(
      'a stop it says a pharmacist approved was not confirmed by one',
    );
  });
});
