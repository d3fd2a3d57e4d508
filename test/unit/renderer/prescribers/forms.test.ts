// The prescriber and license forms become bodies the contract accepts, or errors beside the right fields.
import { describe, expect, it } from 'vitest';
import {
  buildPrescriberBody,
  emptyPrescriberForm,
  formFieldOf,
  type PrescriberFormValues,
} from '../../../../renderer/records/prescriber-form.ts';
import {
  buildLicenseBody,
  buildLicenseUpdate,
  emptyLicenseForm,
  licenseFormOf,
} from '../../../../renderer/screens/prescribers/license-form.ts';

const prescriber = (over: Partial<PrescriberFormValues>): PrescriberFormValues => ({
  ...emptyPrescriberForm(),
  first_name: 'Harper',
  last_name: 'Fakeham',
  npi: '1725330652',
  ...over,
});

describe('a new prescriber', () => {
  it('needs a name and an NPI', () => {
    const built = buildPrescriberBody(emptyPrescriberForm());
    expect(built.ok).toBe(false);
    if (!built.ok)
      expect(built.errors).toMatchObject({ first_name: 'Required.', last_name: 'Required.', npi: 'Required.' });
  });

  it('refuses an NPI with a mistyped digit before sending it', () => {
    const built = buildPrescriberBody(prescriber({ npi: '1725330653' }));
    expect(built.ok).toBe(false);
    if (!built.ok) expect(built.errors.npi).toMatch(/check digit/);
  });

  it('refuses a DEA number that fails its checksum', () => {
    const built = buildPrescriberBody(prescriber({ dea: 'mf2333945' }));
    expect(built.ok).toBe(false);
    if (!built.ok) expect(built.errors.dea).toMatch(/checksum/);
  });

  it('sends a practice address and a first license when given, and names their missing parts', () => {
    const good = buildPrescriberBody(
      prescriber({
        address_1: '5718 Aspen Dr',
        city: 'Riverton',
        state: 'wy',
        zip_code: '82556',
        license_state: 'wy',
        license_number: 'WY123',
        license_expiration: '2028-01-31',
        phone: '(555) 402-9777',
      }),
    );
    expect(good.ok && good.body).toMatchObject({
      phone: '5554029777',
      addresses: [{ address_1: '5718 Aspen Dr', city: 'Riverton', state: 'WY', zip_code: '82556', type: 'practice' }],
      qualifications: [{ state: 'WY', license_number: 'WY123', expiration_date: '2028-01-31' }],
    });
    const partial = buildPrescriberBody(prescriber({ city: 'Riverton', license_number: 'WY123' }));
    expect(partial.ok).toBe(false);
    if (!partial.ok) {
      expect(partial.errors).toMatchObject({
        address_1: 'Required.',
        zip_code: 'Required.',
        license_state: 'Required.',
      });
      expect(partial.errors.license_expiration).toBe('Required.');
    }
  });

  it('maps body paths of addresses and licenses back to the form', () => {
    expect(formFieldOf('addresses.0.zip_code')).toBe('zip_code');
    expect(formFieldOf('qualifications.0.expiration_date')).toBe('license_expiration');
    expect(formFieldOf('npi')).toBe('npi');
  });
});

describe('a license', () => {
  it('needs a state, a number and an expiry', () => {
    const built = buildLicenseBody(emptyLicenseForm());
    expect(built.ok).toBe(false);
    if (!built.ok) {
      expect(Object.keys(built.errors).sort()).toEqual(['expiration_date', 'license_number', 'state']);
    }
  });

  it('is sent with the state in capitals', () => {
    const built = buildLicenseBody({
      state: 'or',
      license_number: 'OR99',
      expiration_date: '2028-02-29',
      description: '',
    });
    expect(built).toEqual({ ok: true, body: { state: 'OR', license_number: 'OR99', expiration_date: '2028-02-29' } });
  });

  it('refuses a day that does not exist', () => {
    const built = buildLicenseBody({
      state: 'OR',
      license_number: 'OR99',
      expiration_date: '2027-02-29',
      description: '',
    });
    expect(built.ok).toBe(false);
  });

  it('updates only what changed', () => {
    const original = licenseFormOf({ id: 'q', state: 'OR', license_number: 'OR1', expiration_date: '2027-03-22' });
    expect(buildLicenseUpdate(original, { ...original })).toEqual({ ok: 'unchanged' });
    expect(buildLicenseUpdate(original, { ...original, expiration_date: '2029-03-22' })).toEqual({
      ok: true,
      body: { expiration_date: '2029-03-22' },
    });
    const emptied = buildLicenseUpdate(original, { ...original, license_number: '' });
    expect(emptied.ok).toBe(false);
  });
});
