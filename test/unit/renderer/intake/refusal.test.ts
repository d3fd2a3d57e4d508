// A refused intake says which part failed and puts the service's words beside the field, keeping what was typed.
import { describe, expect, it } from 'vitest';
import { emptyDraft, type IntakeDraft } from '../../../../renderer/screens/intake/draft.ts';
import { locateRefusal, partFromMessage, refusalHeadline } from '../../../../renderer/screens/intake/refusal.ts';

const EXISTING = '0f8fad5b-d9cb-469f-a165-70867728950e';

function draft(): IntakeDraft {
  const d = emptyDraft();
  d.patient.mode = 'new';
  d.prescriber = { ...d.prescriber, mode: 'existing', refKey: 'npi', ref: '1234567893' };
  d.order.mode = 'new';
  d.order.lines = [{ kind: 'prescription', by: 'sku', value: 'RX-9', quantity: '1' }];
  d.prescription.mode = 'new';
  return d;
}

describe('a refusal without details', () => {
  it('puts an NPI nobody has beside the NPI and names the prescriber part', () => {
    const located = locateRefusal(
      { code: 'not_found', status: 404, message: 'No prescriber with identifier "1234567893".' },
      draft(),
    );
    expect(located.part).toBe('prescriber');
    expect(located.issues).toEqual([
      { part: 'prescriber', key: 'prescriber.ref', message: 'No prescriber with identifier "1234567893".' },
    ]);
    expect(refusalHeadline(located)).toBe('Nothing was created: the prescriber part was refused.');
  });

  it('offers the patient on file when the new patient is a duplicate', () => {
    const located = locateRefusal(
      {
        code: 'duplicate_patient',
        status: 400,
        message: `An active patient with this name and date of birth already exists (${EXISTING}).`,
      },
      draft(),
    );
    expect(located.part).toBe('patient');
    expect(located.offer).toEqual({ part: 'patient', id: EXISTING });
    expect(located.issues[0]).toMatchObject({ part: 'patient', key: null });
  });

  it('puts an NPI already on file beside a new prescriber’s NPI and offers that prescriber', () => {
    const d = draft();
    d.prescriber.mode = 'new';
    const located = locateRefusal(
      {
        code: 'conflict',
        status: 409,
        message: 'A prescriber with NPI 1234567893 already exists.',
        details: { existing_prescriber_id: EXISTING },
      },
      d,
    );
    expect(located.part).toBe('prescriber');
    expect(located.issues).toEqual([
      { part: 'prescriber', key: 'prescriber.npi', message: 'A prescriber with NPI 1234567893 already exists.' },
    ]);
    expect(located.offer).toEqual({ part: 'prescriber', id: EXISTING });
  });

  it('keeps a refusal that names no part as a message about the whole intake', () => {
    const located = locateRefusal({ code: 'network', message: 'Could not reach the service' }, draft());
    expect(located.part).toBeNull();
    expect(located.issues).toEqual([{ part: null, key: null, message: 'Could not reach the service.' }]);
    expect(refusalHeadline(located)).toBe('Nothing was created: the service refused the intake.');
  });

  it('warns that a timed-out intake may have been made', () => {
    const located = locateRefusal({ code: 'timeout', message: 'The service did not answer' }, draft());
    expect(refusalHeadline(located)).toMatch(/may or may not have been made/);
  });
});

describe('a refusal with field details', () => {
  it('places the station’s or the service’s field paths on the form', () => {
    const located = locateRefusal(
      {
        code: 'bad_request',
        status: 400,
        message: 'Unknown product in products.prescription: No product with SKU "RX-9".',
        details: [{ field: 'body.products.prescription.0', message: 'No product with SKU "RX-9".' }],
      },
      draft(),
    );
    expect(located.part).toBe('order');
    expect(located.issues).toEqual([
      { part: 'order', key: 'order.lines.0.value', message: 'No product with SKU "RX-9".' },
    ]);
  });

  it('reads a list of paths as FastAPI-like services send them', () => {
    const located = locateRefusal(
      {
        status: 422,
        message: 'Validation failed',
        details: [{ loc: ['body', 'electronic_prescription', 'medications', 0, 'quantity'], msg: 'must be positive' }],
      },
      draft(),
    );
    expect(located.issues).toEqual([
      { part: 'prescription', key: 'prescription.medications.0.quantity', message: 'Must be positive.' },
    ]);
  });
});

describe('partFromMessage', () => {
  it('takes the part the message names first, among the parts that were sent', () => {
    expect(
      partFromMessage('Order 1000123 belongs to another patient than this prescription.', ['patient', 'order']),
    ).toBe('order');
    expect(partFromMessage('No electronic prescription with identifier "x".', ['prescription', 'prescriber'])).toBe(
      'prescription',
    );
    expect(partFromMessage('No prescriber with identifier "x".', ['patient'])).toBeNull();
  });
});
