// The station tells its training service when an order is open in a run there: the simulation, however far it steps,
// never moves that order under the person verifying it; once the run is dropped it moves again. Over HTTP only: the
// training service stays sealed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { verifyDriver } from './verify-driver.ts';

let rig: StationRig;
const { invoke, value, controlled, orders, review } = verifyDriver(() => rig);

const signInAs = async (email: string) => {
  await invoke('session:signOut');
  await value('session:signIn', { email, password: PASSWORD });
};
/** Steps the simulation three days as the admin (the training controls are theirs), then back to the technician. */
async function stepDays(): Promise<void> {
  await signInAs(ADMIN);
  await value('training:simulation', { body: { stuck_probability: 0 } });
  await value('training:step', { body: { minutes: 3 * 24 * 60 } });
  await signInAs(TECHNICIAN);
}
const statusOf = async (id: string) => (await value('orders:get', { params: { order_id: id } })).status;

beforeAll(async () => {
  rig = await startStationRig();
  await value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
}, 60_000);
afterAll(async () => {
  await rig?.close();
});

describe('an order open in a verification run at this station', () => {
  it('is not moved by the training simulation until the run is dropped', async () => {
    const [open, other] = (await orders('picked')).filter((o) => !controlled(o));
    if (!open || !other) throw new Error('the demo data has too few such records');
    await review(open);
    await value('verify:start', { orderId: open.id });
    await stepDays();
    expect(await statusOf(open.id)).toBe('picked');
    expect(await statusOf(other.id)).not.toBe('picked');
    await value('verify:dropRun', { orderId: open.id });
    await expect
      .poll(async () => {
        await stepDays();
        return statusOf(open.id);
      })
      .not.toBe('picked');
  });
});
