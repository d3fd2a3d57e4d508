// A review's reads, through a fake of the station's read (main/work/review/review-reads.ts): which reads an id costs,
// whether it names a prescription or an electronic prescription, opened from its order or not; the prescriber embedded
// whole is not read again; a read that fails marks what it was for, and a prescription nobody can read is refused.
import { describe, expect, it } from 'vitest';
import { StationError } from '../../../../main/platform/errors/station-errors.ts';
import { type ReviewReader, readReview } from '../../../../main/work/review/review-reads.ts';

const ORDER = { id: 'order-1', electronic_prescription_ids: ['erx-1'], products: { prescription: [] } };
const ELECTRONIC = { id: 'erx-1', order_id: 'order-1', prescriptions: [{ id: 'rx-1' }, { id: 'rx-2' }] };
const PRESCRIBER = { id: 'doc-1', qualifications: [{ state: 'IL' }] };
const PRESCRIPTION = {
  id: 'rx-1',
  patient_id: 'pat-1',
  prescriber_id: 'doc-1',
  electronic_prescription_id: 'erx-1',
  electronic_prescription: ELECTRONIC,
  prescriber: PRESCRIBER,
};

/** The service as a table of paths: what each read asks, and a not-found for anything else. */
function fakeService(answers: Record<string, unknown>, failing: string[] = []) {
  const asked: string[] = [];
  const read = (async (operation: { name: string }, input: { params?: Record<string, string> }) => {
    const key = `${operation.name} ${Object.values(input.params ?? {}).join(',')}`.trim();
    asked.push(key);
    if (failing.includes(key) || !(key in answers)) throw new Error(`${key}: not found`);
    return { value: answers[key], asOf: null };
  }) as unknown as ReviewReader;
  return { read, asked };
}

const everything = {
  'orders.get order-1': ORDER,
  'prescriptions.getElectronic erx-1': ELECTRONIC,
  'prescriptions.get rx-1': PRESCRIPTION,
  'patients.riskFactors pat-1': [{ type: 'allergy', name: 'Penicillin' }],
  'prescriptions.list': [PRESCRIPTION],
};

describe("a review's reads", () => {
  it('opened from its order with the electronic prescription id, reads the order first and costs five reads', async () => {
    const { read, asked } = fakeService(everything);
    const reads = await readReview('erx-1', 'order-1', read, 'The review could not be opened');
    expect(asked).toEqual([
      'orders.get order-1',
      'prescriptions.getElectronic erx-1',
      'prescriptions.get rx-1',
      'patients.riskFactors pat-1',
      'prescriptions.list',
    ]);
    expect(reads.prescription.id).toBe('rx-1');
    expect(reads.shipsOn?.id).toBe('order-1');
    expect(reads.prescriber).toEqual(PRESCRIBER);
  });

  it('opened by the prescription itself, reads the order it ships on and nothing twice', async () => {
    const { read, asked } = fakeService(everything);
    const reads = await readReview('rx-1', undefined, read, 'The review could not be opened');
    expect(asked.sort()).toEqual(
      ['orders.get order-1', 'patients.riskFactors pat-1', 'prescriptions.get rx-1', 'prescriptions.list'].sort(),
    );
    expect(reads.shownOrder?.id).toBe('order-1');
  });

  it("an electronic prescription's id given without its order is found after the prescription's read refuses", async () => {
    const { read, asked } = fakeService(everything);
    const reads = await readReview('erx-1', undefined, read, 'The review could not be opened');
    expect(asked.slice(0, 3)).toEqual([
      'prescriptions.get erx-1',
      'prescriptions.getElectronic erx-1',
      'prescriptions.get rx-1',
    ]);
    expect(reads.prescription.id).toBe('rx-1');
  });

  it("reads the prescriber's record when the prescription does not carry the licences", async () => {
    const bare = { ...PRESCRIPTION, prescriber: { id: 'doc-1' } };
    const { read, asked } = fakeService({
      ...everything,
      'prescriptions.get rx-1': bare,
      'prescribers.get doc-1': PRESCRIBER,
    });
    const reads = await readReview('rx-1', undefined, read, 'The review could not be opened');
    expect(asked).toContain('prescribers.get doc-1');
    expect(reads.prescriber).toEqual(PRESCRIBER);
  });

  it('a read that fails says what could not be read, never an empty answer', async () => {
    const { read } = fakeService(everything, ['patients.riskFactors pat-1', 'orders.get order-1']);
    const reads = await readReview('rx-1', undefined, read, 'The review could not be opened');
    expect(reads.riskFactors).toBeNull();
    expect(reads.shipsOnId).toBe('order-1');
    expect(reads.shipsOn).toBeNull();
  });

  it('a prescription that cannot be read is refused as not found, saying the review could not be opened', async () => {
    const { read } = fakeService({});
    const refusal = readReview('rx-9', undefined, read, 'The review could not be opened');
    await expect(refusal).rejects.toBeInstanceOf(StationError);
    await expect(refusal).rejects.toMatchObject({ code: 'not_found' });
    await expect(refusal).rejects.toThrow(/^The review could not be opened: the prescription could not be read/);
  });
});
