// The intake speaks of its fields and of what sending will do in the words on the form.
import { describe, expect, it } from 'vitest';
import { emptyDraft } from '../../../../renderer/screens/intake/draft.ts';
import { fieldWords, issueWords, planWords } from '../../../../renderer/screens/intake/field-words.ts';

describe('fieldWords', () => {
  it('names a reference by the key it was typed as', () => {
    const draft = emptyDraft();
    expect(fieldWords('prescriber.ref', draft)).toBe('NPI');
    draft.patient.refKey = 'external_id';
    expect(fieldWords('patient.ref', draft)).toBe('external id');
  });

  it('counts lines and medications from one', () => {
    const draft = emptyDraft();
    expect(fieldWords('order.lines.1.quantity', draft)).toBe('product line 2 quantity');
    expect(fieldWords('prescription.medications.0.drug_name', draft)).toBe('medication 1 drug name');
    expect(fieldWords('patient.zip_code', draft)).toBe('ZIP code');
  });

  it('puts the field first in a summary line', () => {
    expect(
      issueWords({ part: 'prescriber', key: 'prescriber.ref', message: 'An NPI is 10 digits.' }, emptyDraft()),
    ).toBe('NPI: An NPI is 10 digits.');
  });
});

describe('planWords', () => {
  it('says what will be sent, and that it is all or nothing', () => {
    const draft = emptyDraft();
    expect(planWords(draft)).toBe('Choose at least one part to send.');
    draft.patient.mode = 'new';
    draft.prescriber.mode = 'existing';
    draft.order.mode = 'new';
    expect(planWords(draft)).toBe(
      'Sends a new patient, the prescriber on file (by NPI) and a new order (or the patient’s open order). All or nothing: if one part is refused, none is made.',
    );
  });
});
