// Refusals land next to the field they are about, in words for people, and none is dropped.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorsFromDetails, errorsFromIssues, placeErrors } from '../../../../renderer/forms/field-errors.ts';

describe('errors before sending (the contract’s zod issues)', () => {
  const schema = z.strictObject({
    first_name: z.string().trim().min(1).max(5),
    email: z.email().optional(),
    born: z.iso.date(),
    address: z.strictObject({ city: z.string().min(1) }).optional(),
    npi: z.string().regex(/^\d{10}$/, 'an NPI is 10 digits'),
  });

  it('says Required for a missing or empty field, and keeps a schema’s own message as a sentence', () => {
    const result = schema.safeParse({ first_name: '', born: 'x', address: {}, npi: '12', email: 'nope' });
    expect(result.success).toBe(false);
    if (result.success) return;
    const errors = errorsFromIssues(result.error.issues);
    expect(errors.first_name).toBe('Required.');
    expect(errors['address.city']).toBe('Required.');
    expect(errors.npi).toBe('An NPI is 10 digits.');
    expect(errors.email).toBe('Not an email address.');
    expect(errors.born).toBe('Not a date (year, month and day).');
  });

  it('tells how long a field may be', () => {
    const result = schema.safeParse({ first_name: 'Alexandra', born: '2020-01-01', npi: '1234567890' });
    if (result.success) throw new Error('expected a refusal');
    expect(errorsFromIssues(result.error.issues).first_name).toBe('At most 5 characters.');
  });

  it('keeps the first message when one field has several problems', () => {
    const errors = errorsFromIssues([
      { path: ['npi'], message: 'first' },
      { path: ['npi'], message: 'second' },
    ]);
    expect(errors.npi).toBe('First.');
  });
});

describe('errors after sending (the service’s details)', () => {
  it('reads the training service’s list of field and message, without the body prefix', () => {
    const errors = errorsFromDetails([
      { field: 'body.first_name', message: 'Too small' },
      { field: 'body.address.zip_code', message: 'a ZIP code is 5 digits or ZIP+4' },
    ]);
    expect(errors).toEqual({ first_name: 'Too small.', 'address.zip_code': 'A ZIP code is 5 digits or ZIP+4.' });
  });

  it('reads an object of field to message, and paths given as lists', () => {
    expect(errorsFromDetails({ 'body.npi': ['is taken'] })).toEqual({ npi: 'Is taken.' });
    expect(errorsFromDetails([{ path: ['body', 'phone'], message: 'bad' }])).toEqual({ phone: 'Bad.' });
  });

  it('adds nothing for details it does not understand', () => {
    expect(errorsFromDetails(undefined)).toEqual({});
    expect(errorsFromDetails('text')).toEqual({});
    expect(errorsFromDetails([{ nothing: true }])).toEqual({});
    expect(errorsFromDetails({ existing_patient_id: 42 })).toEqual({});
  });

  it('shows at form level what no field of the form can show', () => {
    const placed = placeErrors({ first_name: 'Required.', '': 'Whole form.', 'risk_factors.x': 'Odd.' }, [
      'first_name',
    ]);
    expect(placed.fields).toEqual({ first_name: 'Required.' });
    expect(placed.form).toEqual(['Whole form.', 'risk factors x: Odd.']);
  });
});
