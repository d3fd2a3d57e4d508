// After an intake the summary tells created from referenced and links each record to its screen.
import { describe, expect, it } from 'vitest';
import { outcomeHeadline, outcomeRows } from '../../../../renderer/screens/intake/result-summary.ts';

const ids = {
  patient: '11111111-1111-4111-8111-111111111111',
  prescriber: '22222222-2222-4222-8222-222222222222',
  order: '33333333-3333-4333-8333-333333333333',
  electronic: '44444444-4444-4444-8444-444444444444',
};

describe('outcomeRows', () => {
  it('lists the parts in form order with what happened and where each opens', () => {
    const rows = outcomeRows({
      electronic_prescription: { id: ids.electronic, created: true },
      order: { id: ids.order, created: false },
      prescriber: { id: ids.prescriber, created: false },
      patient: { id: ids.patient, created: true },
      summary: { entities_created: 2, entities_referenced: 2 },
    });
    expect(rows.map((row) => [row.part, row.words, row.route])).toEqual([
      ['patient', 'Created', { screen: 'patients', patientId: ids.patient }],
      ['prescriber', 'Referenced: already on file', { screen: 'prescribers', prescriberId: ids.prescriber }],
      ['order', 'Added to the patient’s open order', { screen: 'order', orderId: ids.order }],
      ['prescription', 'Created', null],
    ]);
  });

  it('leaves out the parts the answer does not name', () => {
    expect(outcomeRows({ order: { id: ids.order, created: true } }).map((row) => row.part)).toEqual(['order']);
  });
});

describe('outcomeHeadline', () => {
  it('uses the service’s counts, or counts the rows when it gave none', () => {
    expect(
      outcomeHeadline({
        patient: { id: ids.patient, created: true },
        summary: { entities_created: 1, entities_referenced: 0 },
      }),
    ).toBe('Intake saved: 1 created, 0 referenced.');
    expect(
      outcomeHeadline({
        patient: { id: ids.patient, created: true },
        prescriber: { id: ids.prescriber, created: false },
      }),
    ).toBe('Intake saved: 1 created, 1 referenced.');
  });
});
