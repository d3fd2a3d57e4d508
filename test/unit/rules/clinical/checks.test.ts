// All the checks together: their order, the panel's summary, what is read out, and checks that could not run.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHECK_IDS } from '../../../../rules/clinical/check-model.ts';
import {
  announce,
  type Check,
  markUnavailable,
  runChecks,
  summarise,
  worstStatus,
} from '../../../../rules/clinical/checks.ts';
import { allergy, input, license, patient, prescriber, prescription, product } from './fixtures.ts';

describe('the checks panel', () => {
  it('runs every check, the patient first, and a clean case passes them all', () => {
    const checks = runChecks(input());
    expect(checks.map((check) => check.id)).toEqual([
      'allergy',
      'medications',
      'interactions',
      'limits',
      'controlled',
      'pdmp',
      'supply',
      'license',
      'dea',
      'product',
      'order',
      'fills',
      'current',
      'guardian',
    ]);
    expect(checks.every((check) => check.status === 'pass')).toBe(true);
    expect(summarise(checks)).toBe('14 pass');
  });

  it('flags the seeded case: a penicillin allergy and an amoxicillin prescription', () => {
    const checks = runChecks(
      input({
        prescription: prescription({ drug_name: 'Amoxicillin', strength: '500 mg' }),
        product: product({ name: 'Amoxicillin 500 mg capsule' }),
        riskFactors: [allergy('penicillin')],
      }),
    );
    expect(worstStatus(checks)).toBe('fail');
    expect(checks.find((check) => check.id === 'allergy')?.status).toBe('fail');
    expect(summarise(checks)).toBe('1 fail, 13 pass');
  });

  it('summarises fails and warnings in words, singular and plural', () => {
    const checks = runChecks(
      input({
        prescription: prescription({ fills_remaining: 0, expires_at: '2026-01-01' }),
        prescriber: prescriber({ qualifications: [license({ expiration_date: '2026-06-20' })] }),
        patient: patient({ date_of_birth: null, is_minor: null }),
      }),
    );
    expect(summarise(checks)).toBe('2 fails, 3 warnings, 9 pass');
    expect(worstStatus([])).toBe('pass');
  });

  it('reads out the summary and every check that did not pass', () => {
    const checks = runChecks(input({ prescription: prescription({ fills_remaining: 0, refills: 0 }) }));
    expect(announce(checks)).toBe(
      'Checks: 1 fail, 13 pass. Fail, Cannot be filled: No fills remaining (written with no refills).',
    );
  });

  it('shows a check that could not run as a warning that says why, never as a pass', () => {
    const checks = markUnavailable(runChecks(input()), { allergy: "the patient's allergies could not be read." });
    expect(checks[0]).toMatchObject({
      id: 'allergy',
      status: 'warn',
      reason: "Not checked: the patient's allergies could not be read.",
    });
    expect(checks.slice(1).every((check: Check) => check.status === 'pass')).toBe(true);
  });

  it('never throws, always explains itself, and never passes what it cannot see, whatever the service left out', () => {
    const maybe = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: null });
    const day = fc.constantFrom('2020-01-01', '2026-06-15', '2030-12-31', 'not a date');
    const arbitraryInput = fc.record({
      drug: maybe(fc.constantFrom('Amoxicillin', 'Tramadol', 'Lisinopril', '', 'Compounded cream')),
      fills: maybe(fc.integer({ min: -1, max: 5 })),
      expires: maybe(day),
      written: maybe(day),
      status: maybe(fc.constantFrom('new', 'cancelled', 'exception', 'filled')),
      controlled: maybe(fc.boolean()),
      hasProduct: fc.boolean(),
      dea: maybe(fc.string({ maxLength: 10 })),
      licenseState: maybe(fc.constantFrom('TX', 'NY', '')),
      licenseExpiry: maybe(day),
      hasPrescriber: fc.boolean(),
      birth: maybe(day),
      minor: maybe(fc.boolean()),
      hasPatient: fc.boolean(),
      allergyName: maybe(fc.string({ maxLength: 12 })),
      shipping: maybe(fc.constantFrom('TX', 'NY')),
    });
    fc.assert(
      fc.property(arbitraryInput, (a) => {
        const checks = runChecks(
          input({
            prescription: prescription({
              drug_name: a.drug,
              fills_remaining: a.fills,
              expires_at: a.expires,
              written_at: a.written,
              status: a.status,
            }),
            product: a.hasProduct ? product({ is_controlled_substance: a.controlled }) : null,
            prescriber: a.hasPrescriber
              ? prescriber({
                  dea: a.dea,
                  qualifications: [license({ state: a.licenseState, expiration_date: a.licenseExpiry })],
                })
              : null,
            patient: a.hasPatient ? patient({ date_of_birth: a.birth, is_minor: a.minor }) : null,
            riskFactors: a.allergyName === null ? [] : [allergy(a.allergyName)],
            shippingState: a.shipping ? { state: a.shipping, from: 'order' } : null,
          }),
        );
        const byId = Object.fromEntries(checks.map((check) => [check.id, check]));
        expect(checks.map((check) => check.id)).toEqual([...CHECK_IDS]);
        for (const check of checks) {
          expect(['pass', 'warn', 'fail']).toContain(check.status);
          expect(check.reason.trim().length).toBeGreaterThan(5);
        }
        // And what it says holds, whatever else is missing: a cancelled prescription or no fills left never passes,
        // and a check without what it needs (the patient, the prescriber, a readable day) never says "pass".
        if (a.status === 'cancelled') expect(byId.current?.status).toBe('fail');
        if (a.fills !== null && a.fills <= 0) expect(byId.fills?.status).toBe('fail');
        if (!a.hasPatient) expect(byId.guardian?.status).not.toBe('pass');
        if (!a.hasPrescriber) expect(byId.license?.status).not.toBe('pass');
        if (a.expires === 'not a date' && a.status !== 'cancelled') expect(byId.current?.status).not.toBe('pass');
        return true;
      }),
    );
  });
});
