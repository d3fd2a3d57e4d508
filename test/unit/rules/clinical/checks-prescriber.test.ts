// The prescriber checks: a license where the order ships, the DEA number for controlled substances, restrictions.
import { describe, expect, it } from 'vitest';
import { deaCheck, licenseCheck, productCheck } from '../../../../rules/clinical/checks-prescriber.ts';
import { input, license, prescriber, prescription, product, VALID_DEA } from './fixtures.ts';

describe('the license check', () => {
  it('passes an active license for the shipping state, saying until when', () => {
    const check = licenseCheck(input());
    expect(check).toMatchObject({ id: 'license', title: 'Prescriber licensed in TX', status: 'pass' });
    expect(check.reason).toBe('TX license TX1234567 is active until 31 Dec 2027.');
  });

  it('fails when there is no license for the state, listing where the prescriber is licensed', () => {
    const check = licenseCheck(
      input({ prescriber: prescriber({ qualifications: [license({ state: 'NY' }), license({ state: 'IL' })] }) }),
    );
    expect(check.status).toBe('fail');
    expect(check.reason).toBe('Riley Example has no TX license (licensed in IL, NY), and the order ships to TX.');
  });

  it('says the patient lives there when the state comes from the patient, not an order', () => {
    const check = licenseCheck(
      input({ prescriber: prescriber({ qualifications: [] }), shippingState: { state: 'OR', from: 'patient' } }),
    );
    expect(check.reason).toContain('no OR license (no licenses on file), and the patient lives in OR');
  });

  it('fails an expired license, with the date it expired', () => {
    const check = licenseCheck(
      input({ prescriber: prescriber({ qualifications: [license({ expiration_date: '2026-06-01' })] }) }),
    );
    expect(check.status).toBe('fail');
    expect(check.reason).toBe('TX license TX1234567 expired on 1 Jun 2026.');
  });

  it('counts the last day of a license as valid, with a warning', () => {
    const check = licenseCheck(
      input({ prescriber: prescriber({ qualifications: [license({ expiration_date: '2026-06-15' })] }) }),
    );
    expect(check.status).toBe('warn');
    expect(check.reason).toContain('expires today');
  });

  it('warns when the license expires within thirty days', () => {
    const check = licenseCheck(
      input({ prescriber: prescriber({ qualifications: [license({ expiration_date: '2026-06-25' })] }) }),
    );
    expect(check.status).toBe('warn');
    expect(check.reason).toBe('TX license TX1234567 expires in 10 days (25 Jun 2026).');
  });

  it('fails a license marked inactive', () => {
    const check = licenseCheck(input({ prescriber: prescriber({ qualifications: [license({ is_active: false })] }) }));
    expect(check.status).toBe('fail');
    expect(check.reason).toContain('marked inactive');
  });

  it('uses the valid license when an old one for the same state was replaced', () => {
    const check = licenseCheck(
      input({
        prescriber: prescriber({
          qualifications: [
            license({ license_number: 'TX0000001', is_active: false, expiration_date: '2025-01-01' }),
            license({ license_number: 'TX7654321' }),
          ],
        }),
      }),
    );
    expect(check.status).toBe('pass');
    expect(check.reason).toContain('TX7654321');
  });

  it('warns when a license has no expiry date', () => {
    const check = licenseCheck(
      input({ prescriber: prescriber({ qualifications: [license({ expiration_date: null })] }) }),
    );
    expect(check.status).toBe('warn');
  });

  it('matches the state whatever its case', () => {
    const check = licenseCheck(input({ prescriber: prescriber({ qualifications: [license({ state: 'tx' })] }) }));
    expect(check.status).toBe('pass');
  });

  it('warns when nothing says where the order ships', () => {
    const check = licenseCheck(input({ shippingState: null }));
    expect(check).toMatchObject({ status: 'warn', title: 'Prescriber licensed where the order ships' });
  });

  it('fails without a prescriber, or with an inactive prescriber record', () => {
    expect(licenseCheck(input({ prescriber: null })).status).toBe('fail');
    expect(licenseCheck(input({ prescriber: prescriber({ is_active: false }) })).reason).toContain(
      'record is inactive',
    );
  });
});

describe('the DEA check', () => {
  const controlled = () => ({
    prescription: prescription({ drug_name: 'Tramadol' }),
    product: product({ name: 'Tramadol 50 mg tablet', is_controlled_substance: true }),
  });

  it('passes a controlled substance with a valid DEA number', () => {
    const check = deaCheck(input(controlled()));
    expect(check.status).toBe('pass');
    expect(check.reason).toContain(`DEA number ${VALID_DEA} is well formed`);
  });

  it('fails a controlled substance without a DEA number', () => {
    const check = deaCheck(input({ ...controlled(), prescriber: prescriber({ dea: null }) }));
    expect(check.status).toBe('fail');
    expect(check.reason).toBe('Tramadol is a controlled substance. No DEA number on file.');
  });

  it('fails a controlled substance whose DEA number fails its checksum', () => {
    const check = deaCheck(input({ ...controlled(), prescriber: prescriber({ dea: 'BE1234567' }) }));
    expect(check.status).toBe('fail');
    expect(check.reason).toContain('should be 3, not 7');
  });

  it("warns when the DEA number's second letter is not the prescriber's initial", () => {
    const check = deaCheck(input({ ...controlled(), prescriber: prescriber({ last_name: 'Sample' }) }));
    expect(check.status).toBe('warn');
  });

  it('passes a drug that is not controlled, with or without a DEA number', () => {
    expect(deaCheck(input()).status).toBe('pass');
    const without = deaCheck(input({ prescriber: prescriber({ dea: null }) }));
    expect(without).toMatchObject({
      status: 'pass',
      reason: 'Not a controlled substance, so no DEA number is needed.',
    });
  });

  it('warns about an invalid DEA number even when the drug is not controlled', () => {
    expect(deaCheck(input({ prescriber: prescriber({ dea: 'BE123' }) })).status).toBe('warn');
  });

  it('warns when it cannot tell whether the drug is controlled and there is no valid number', () => {
    const check = deaCheck(input({ product: null, prescriber: prescriber({ dea: null }) }));
    expect(check.status).toBe('warn');
    expect(check.reason).toContain('matches no product');
    expect(deaCheck(input({ product: null })).status).toBe('pass');
  });

  it('fails a controlled substance with no prescriber at all', () => {
    expect(deaCheck(input({ ...controlled(), prescriber: null })).status).toBe('fail');
    expect(deaCheck(input({ prescriber: null })).status).toBe('warn');
  });
});

describe('the product check', () => {
  it('passes a matched product the prescriber may prescribe', () => {
    const check = productCheck(input());
    expect(check).toMatchObject({
      status: 'pass',
      reason: 'Matched to Lisinopril 10 mg tablet (RX-0001); no restriction on it.',
    });
  });

  it('warns when no stocked product matches', () => {
    const check = productCheck(input({ product: null, prescription: prescription({ drug_name: 'Compounded cream' }) }));
    expect(check.status).toBe('warn');
    expect(check.reason).toContain('Compounded cream matches no stocked product');
  });

  it('fails a product the prescriber is restricted from prescribing', () => {
    const restricted = product();
    const check = productCheck(
      input({
        product: restricted,
        prescriber: prescriber({ restrictions: [{ id: restricted.id, name: restricted.name }] }),
      }),
    );
    expect(check.status).toBe('fail');
    expect(check.reason).toBe('Riley Example is restricted from prescribing Lisinopril 10 mg tablet.');
  });

  it('warns about a product no longer active', () => {
    expect(productCheck(input({ product: product({ is_active: false }) })).status).toBe('warn');
  });
});
