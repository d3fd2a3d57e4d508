// Who may verify, held by main when a run starts and when it is recorded, whatever the screen did: an order past
// verification needs an admin's re-verify, the picker the status history names a pharmacist's override.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { type DrivenOrder, verifyDriver } from './verify-driver.ts';

const PHARMACIST = 'pharmacist@training.local';
let rig: StationRig;
const { value, refusal, controlled, orders, scanAll, reviewAll } = verifyDriver(() => rig);

beforeAll(async () => {
  rig = await startStationRig();
  await value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
  // Every prescription of the orders this file takes (these statuses) reviewed "OK to fill" by the pharmacist first:
  // the pharmacist's gate is tested on its own. Not all 200 of the demo data: reviewing those was most of its set-up.
  await reviewAll('picked,shipped');
}, 60_000);
afterAll(async () => {
  await rig.close();
});

describe('main holds who may verify, whatever the screen did', () => {
  it('refuses an order past verification, and the picker the status history names, unless signed off', async () => {
    const me = (await value('session:state')).user?.id;
    const shipped = (await orders('shipped')).find((o) => !controlled(o))!;
    expect(await refusal('verify:start', { orderId: shipped.id })).toMatchObject({
      code: 'forbidden',
      message: 'This order is shipped: it is past verification.',
    });
    let mine: DrivenOrder | undefined;
    for (const order of (await orders('picked')).filter((o) => !controlled(o))) {
      const history = await value('orders:statusHistory', { params: { order_id: order.id } });
      if (history.some((step) => step.updated_by === me)) mine = order;
    }
    expect(mine, 'the demo data names the technician as a picker').toBeTruthy();
    if (!mine) throw new Error('the demo data names the technician as no picker');
    expect((await refusal('verify:start', { orderId: mine.id })).message).toContain('You picked this order');
    const override = await value('session:confirmPharmacist', {
      who: PHARMACIST,
      password: PASSWORD,
      purpose: { kind: 'picker_override', orderId: mine.id },
    });
    const signOff = {
      purpose: 'picker_override' as const,
      productId: null,
      note: 'Night shift',
      confirmationId: override.confirmationId,
    };
    await value('verify:start', { orderId: mine.id, signOffs: [signOff] });
    const last = await scanAll(mine);
    expect(last.run.recorded!.outcome).toBe('verified');
    expect(last.run.recorded!.signOffs[0]).toMatchObject({ purpose: 'picker_override', by: { email: PHARMACIST } });
  });
});
