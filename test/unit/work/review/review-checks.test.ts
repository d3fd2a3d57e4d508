// The clinical checks of a review as main runs them (main/work/review/review-reads.ts `checksOf`, `findingsOf`, over
// review-reads.ts `readReview`),
// through small fakes of the station's call path (ServiceCallParts: the signed-in caller answering the service's
// records, the read cache, connectivity, the event system): main reads the prescription and what goes with it itself,
// a read that fails makes its checks say they were not run, and only a pharmacist's acknowledgement is taken from the screen.
import { describe, expect, it } from 'vitest';
import type { AnyOperation } from '../../../../contract/service/operation.ts';
import { createLogger } from '../../../../main/platform/log/logger.ts';
import { createReadCache } from '../../../../main/service/calls/read-cache.ts';
import { readThrough, type ServiceCallParts } from '../../../../main/service/calls/service-calls.ts';
import { checksOf, findingsOf, readReview } from '../../../../main/work/review/review-reads.ts';
import { allergy, patient, prescriber, prescription, product } from '../../rules/clinical/fixtures.ts';

const NOW = new Date('2026-06-15T10:00:00Z');

/** An amoxicillin prescription for a patient in Texas, written by a prescriber licensed there, shipping on an order. */
function aPrescription() {
  const who = patient();
  const writer = prescriber();
  const drug = product({ name: 'Amoxicillin 500 mg capsule' });
  const rx = {
    ...prescription({ drug_name: 'Amoxicillin', strength: '500 mg' }),
    patient_id: who.id,
    patient: who,
    prescriber_id: writer.id,
    prescriber: writer,
    product: drug,
    electronic_prescription: { order_id: 'order-1' },
  };
  const order = { id: 'order-1', order_number: '1000001', patient: who, products: { prescription: [drug] } };
  return { rx, who, writer, order };
}
type Sample = ReturnType<typeof aPrescription>;

/** The station's call path with a fake service behind its caller: `answers` by operation name, a missing one refused. */
function callPath(answers: Record<string, unknown>, asked: string[] = []): ServiceCallParts {
  return {
    session: {
      caller: () => ({
        call: (async (operation: AnyOperation) => {
          asked.push(operation.name);
          if (operation.name in answers) return answers[operation.name];
          // As the service's client refuses an unknown record: an error of the call, not one of the station's own.
          throw new Error(`The service does not answer ${operation.name} here.`);
        }) as never,
      }),
      state: () => {
        throw new Error('the checks ask nothing of who is signed in');
      },
    },
    reads: createReadCache(),
    connectivity: {
      isOffline: () => false,
      nudge: () => {},
      watch: () => ({ signal: new AbortController().signal, done: () => {} }),
    },
    events: { suppress: () => {}, watch: () => {} },
    log: createLogger({ scope: 'review', write: () => {} }),
  };
}

const everything = ({ rx, writer, order }: Sample, over: Record<string, unknown> = {}) => ({
  'prescriptions.get': rx,
  'prescribers.get': writer,
  'patients.riskFactors': [],
  'prescriptions.list': [rx],
  'orders.get': order,
  ...over,
});

/** The checks main runs for the review of `id`, over what it reads through the station's call path once. */
async function checksFor(id: string, parts: ServiceCallParts, now: Date, unread = 'The review could not be opened') {
  const reads = await readReview(id, undefined, (operation, input) => readThrough(operation, input, parts), unread);
  return checksOf(reads, now);
}

const statusOf = (checks: { id: string; status: string }[], id: string) => checks.find((c) => c.id === id)?.status;

describe('the clinical checks main runs for a review', () => {
  it('read the prescription (its prescriber on it), the patient’s risk factors and prescriptions, and the order, from the service', async () => {
    const sample = aPrescription();
    const asked: string[] = [];
    const checks = await checksFor(sample.rx.id, callPath(everything(sample), asked), NOW);
    expect(asked.sort()).toEqual(
      ['orders.get', 'patients.riskFactors', 'prescriptions.get', 'prescriptions.list'].sort(),
    );
    expect(statusOf(checks, 'allergy')).toBe('pass');
  });

  it('stop on a penicillin allergy on file for an amoxicillin prescription', async () => {
    const sample = aPrescription();
    const answers = everything(sample, { 'patients.riskFactors': [allergy('penicillin')] });
    const checks = await checksFor(sample.rx.id, callPath(answers), NOW);
    expect(checks.find((c) => c.id === 'allergy')).toMatchObject({ status: 'fail' });
  });

  it('never pass the allergy check when the patient’s allergies could not be read: they say they were not checked', async () => {
    const sample = aPrescription();
    const { 'patients.riskFactors': _unread, ...answers } = everything(sample);
    const checks = await checksFor(sample.rx.id, callPath(answers), NOW);
    const allergyCheck = checks.find((c) => c.id === 'allergy');
    expect(allergyCheck?.status).toBe('warn');
    expect(allergyCheck?.reason).toMatch(/^Not checked: the patient's allergies and medications could not be read/);
    expect(statusOf(checks, 'medications')).toBe('warn');
  });

  it('say the order check was not run when the order it ships on could not be read', async () => {
    const sample = aPrescription();
    const { 'orders.get': _unread, ...answers } = everything(sample);
    const checks = await checksFor(sample.rx.id, callPath(answers), NOW);
    expect(checks.find((c) => c.id === 'order')?.reason).toBe('Not checked: the order it ships on could not be read.');
  });

  it('refuse the review, in words, when the prescription itself cannot be read', async () => {
    const sample = aPrescription();
    const { 'prescriptions.get': _unread, ...answers } = everything(sample);
    await expect(checksFor(sample.rx.id, callPath(answers), NOW, 'The checks could not be run')).rejects.toMatchObject({
      code: 'not_found',
      message: expect.stringMatching(/^The checks could not be run: the prescription could not be read/),
    });
  });

  it('record main’s own findings: the screen’s word on a check is not taken, only the pharmacist’s acknowledgement of one that did not pass', async () => {
    const sample = aPrescription();
    const answers = everything(sample, { 'patients.riskFactors': [allergy('penicillin')] });
    const checks = await checksFor(sample.rx.id, callPath(answers), NOW);
    const findings = findingsOf(checks, {
      prescriptionId: sample.rx.id,
      decision: 'reviewed',
      note: '',
      taskRef: null,
      findings: [
        {
          check: 'allergy',
          status: 'pass',
          finding: 'No allergy',
          acknowledgement: 'Prescriber called: tolerated before',
        },
        { check: 'limits', status: 'fail', finding: 'made up', acknowledgement: 'Acknowledged a pass' },
      ],
    } as never);
    expect(findings.map((f) => f.check)).toEqual(checks.map((c) => c.id));
    expect(findings.find((f) => f.check === 'allergy')).toMatchObject({
      status: 'fail',
      acknowledgement: 'Prescriber called: tolerated before',
    });
    for (const finding of findings.filter((f) => f.status === 'pass')) expect(finding.acknowledgement).toBeNull();
  });
});
