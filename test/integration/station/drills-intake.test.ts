// Drills played right and wrong through the station: an order whose cancellation was requested while it waits to be
// verified (the planned change the station reads), and a patient already on file arriving again at intake.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drillDriver } from './drill-driver.ts';
import { ADMIN, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { verifyDriver } from './verify-driver.ts';

let rig: StationRig;
const driver = verifyDriver(() => rig);
const { value, invoke } = driver;
const d = drillDriver(driver);

beforeAll(async () => {
  rig = await startStationRig();
}, 60_000);
afterAll(async () => {
  await rig?.close();
});

describe('the cancelled-mid-verification drill', () => {
  it('right: the trainee reads the cancellation on the order and stops — both checks pass', async () => {
    const attempt = await d.startAs(ADMIN, 'cancelled-mid-verification', TECHNICIAN);
    const order = await value('orders:get', { params: { order_id: attempt.orderId } });
    expect(order.cancellation_requested).toBe(true);
    const scored = await d.done(attempt);
    expect(d.verdicts(scored)).toEqual({ verification: true, labels_after_verification: true });
  });

  it('wrong: the trainee tries to verify it all the same — main’s run refuses, so nothing wrong is recorded', async () => {
    const attempt = await d.startAs(ADMIN, 'cancelled-mid-verification', TECHNICIAN);
    const refused = await invoke('verify:start', { orderId: attempt.orderId });
    expect(refused).toMatchObject({ ok: false, error: { code: 'conflict' } });
    if (!refused.ok) expect(refused.error.message).toContain('has a cancellation requested');
    const scored = await d.done(attempt);
    expect(d.verdicts(scored)).toEqual({ verification: true, labels_after_verification: true });
  });
});

describe('the duplicate-patient drill', () => {
  const newPatient = (firstName: string) => ({
    body: {
      first_name: firstName,
      last_name: 'Syntheticson',
      date_of_birth: '1966-10-02',
      email: 'parker.again@drills.example',
      phone: '5550001111',
      address: { address_1: '9 Elm St', city: 'Columbus', state: 'OH', zip_code: '43004', country: 'US' },
    },
  });

  it('right: the trainee finds Parker Syntheticson on file and creates nobody — passes', async () => {
    const attempt = await d.startAs(ADMIN, 'duplicate-patient-intake', TECHNICIAN);
    const scored = await d.done(attempt);
    expect(d.verdicts(scored)).toEqual({ no_duplicate_patient: true });
  });

  it('the service itself refuses the exact same name and birth date (its duplicate check)', async () => {
    await d.startAs(ADMIN, 'duplicate-patient-intake', TECHNICIAN);
    expect(await invoke('patients:create', newPatient('Parker'))).toMatchObject({
      ok: false,
      error: { code: 'duplicate_patient' },
    });
  });

  it('wrong: a second record with a typo in the first name — missed, the service now holds two', async () => {
    const attempt = await d.startAs(ADMIN, 'duplicate-patient-intake', TECHNICIAN);
    expect(await invoke('patients:create', newPatient('Parkerr'))).toMatchObject({ ok: true });
    const scored = await d.done(attempt);
    expect(d.verdicts(scored)).toEqual({ no_duplicate_patient: false });
    expect(d.reasons(scored)).toMatch(/holds 2 records of the same patient; it held 1 when the drill began/);
  });

  it('the next trainee is scored on their own work: the earlier duplicate is not held against them', async () => {
    const attempt = await d.startAs(ADMIN, 'duplicate-patient-intake', TECHNICIAN);
    expect(d.verdicts(await d.done(attempt))).toEqual({ no_duplicate_patient: true });
  });
});
