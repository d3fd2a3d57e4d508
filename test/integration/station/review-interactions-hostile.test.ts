// A review decision on an interacting, controlled prescription, recorded as a hostile page would send it: main finds
// the tramadol + sumatriptan interaction and the missing PDMP record itself, from what it reads over real HTTP, and
// refuses "OK to fill" until the pharmacist acknowledges each; the record holds main's findings with their source.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_IDS } from '../../../rules/clinical/check-model.ts';
import { PASSWORD, type StationRig, startStationRig } from './harness.ts';
import { verifyDriver } from './verify-driver.ts';

let rig: StationRig;
let tramadolId: string;
const { value, refusal } = verifyDriver(() => rig);

const medication = (drug_name: string) => ({
  drug_name,
  strength: '50 mg',
  quantity: 30,
  sig: 'Take 1 tablet by mouth once daily',
  refills: 1,
});
const order = {
  address: { address_1: '4 Oak Ave', city: 'Austin', state: 'TX', zip_code: '78701' },
  shipping: { carrier: 'usps' as const, service_level: 'usps_ground_advantage' as const },
};

beforeAll(async () => {
  rig = await startStationRig();
  await value('session:signIn', { email: 'pharmacist@training.local', password: PASSWORD });
  const prescriber = { first_name: 'Casey', last_name: 'Example', npi: '3200000001' };
  const first = await value('prescriptions:composite', {
    query: { force_new: true },
    body: {
      patient: { first_name: 'Hostile', last_name: 'Example', date_of_birth: '1970-03-04' },
      prescriber,
      order,
      electronic_prescription: { medications: [medication('Sumatriptan')] },
    },
  });
  const second = await value('prescriptions:composite', {
    query: { force_new: true },
    body: {
      patient: { id: first.patient?.id ?? '' },
      prescriber: { id: first.prescriber?.id ?? '' },
      order,
      electronic_prescription: { medications: [medication('Tramadol')] },
    },
  });
  const erx = await value('prescriptions:getElectronic', {
    params: { electronic_prescription_id: second.electronic_prescription?.id ?? '' },
  });
  tramadolId = erx.prescriptions?.[0]?.id ?? '';
}, 60_000);
afterAll(async () => {
  await rig.close();
});

/** A "reviewed" decision saying every check passed, acknowledging those named. */
const forged = (acknowledged: Record<string, string>) => ({
  prescriptionId: tramadolId,
  decision: 'reviewed' as const,
  findings: CHECK_IDS.map((check) => ({
    check,
    status: 'pass' as const,
    finding: 'as the page claims',
    acknowledgement: acknowledged[check] ?? null,
  })),
  note: '',
  taskRef: null,
});

describe('"OK to fill" on tramadol for a patient with an open sumatriptan prescription', () => {
  const everythingElse = Object.fromEntries(CHECK_IDS.map((check) => [check, 'Acknowledged for the test']));

  it('is refused while the interaction is not acknowledged, whatever the page says of it', async () => {
    const { interactions: _, ...withoutInteraction } = everythingElse;
    const refused = await refusal('audit:recordReview', forged(withoutInteraction));
    expect(refused.code).toBe('invalid_input');
    expect(refused.message).toContain('a failed check is acknowledged with a reason');
    expect(await value('audit:reviews', { prescriptionId: tramadolId })).toEqual([]);
  });

  it('is refused while the state PDMP look-up is not recorded', async () => {
    const { pdmp: _, ...withoutPdmp } = everythingElse;
    const refused = await refusal('audit:recordReview', forged(withoutPdmp));
    expect(refused.code).toBe('invalid_input');
    expect(await value('audit:reviews', { prescriptionId: tramadolId })).toEqual([]);
  });

  it('acknowledged, the record holds main’s findings: the interaction with its source, and the PDMP record', async () => {
    const recorded = await value(
      'audit:recordReview',
      forged({ ...everythingElse, pdmp: 'TX PDMP: no other controlled prescriptions in 12 months' }),
    );
    const interaction = recorded.findings.find((f) => f.check === 'interactions');
    expect(interaction).toMatchObject({ status: 'fail', acknowledgement: 'Acknowledged for the test' });
    expect(interaction?.finding).toContain('tramadol with sumatriptan');
    expect(interaction?.finding).toContain('Source: Ultram (tramadol) prescribing information');
    expect(recorded.findings.find((f) => f.check === 'pdmp')).toMatchObject({
      status: 'fail',
      finding: expect.stringContaining('TX PDMP'),
      acknowledgement: 'TX PDMP: no other controlled prescriptions in 12 months',
    });
  });
});
