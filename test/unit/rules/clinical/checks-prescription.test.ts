// The prescription's own checks: fills left, still current, and a guardian for a minor.
import { describe, expect, it } from 'vitest';
import { currentCheck, fillsCheck, guardianCheck } from '../../../../rules/clinical/checks-prescription.ts';
import { input, patient, prescription } from './fixtures.ts';

describe('the fills check', () => {
  it('passes with fills left, saying how many refills were written', () => {
    expect(fillsCheck(input())).toMatchObject({
      status: 'pass',
      reason: '3 fills remaining (written with 2 refills).',
    });
    const one = fillsCheck(input({ prescription: prescription({ refills: 0, fills_remaining: 1 }) }));
    expect(one.reason).toBe('1 fill remaining (written with no refills).');
  });

  it('fails when the refills are used up', () => {
    const check = fillsCheck(input({ prescription: prescription({ refills: 1, fills_remaining: 0 }) }));
    expect(check).toMatchObject({ status: 'fail', reason: 'No fills remaining (written with 1 refill).' });
  });

  it('warns when the prescription does not say', () => {
    expect(fillsCheck(input({ prescription: prescription({ fills_remaining: null }) })).status).toBe('warn');
  });
});

describe('the current check', () => {
  it('passes a prescription written before today and valid after it', () => {
    expect(
      currentCheck(input({ prescription: prescription({ written_at: '2026-06-01', expires_at: '2027-06-01' }) })),
    ).toMatchObject({
      status: 'pass',
      reason: 'Written 1 Jun 2026; valid until 1 Jun 2027.',
    });
  });

  it('fails an expired prescription, saying when it expired', () => {
    const check = currentCheck(input({ prescription: prescription({ expires_at: '2026-06-14' }) }));
    expect(check).toMatchObject({ status: 'fail', reason: 'Expired on 14 Jun 2026 (yesterday).' });
  });

  it('warns, not fails, on the day it expires', () => {
    const check = currentCheck(input({ prescription: prescription({ expires_at: '2026-06-15' }) }));
    expect(check).toMatchObject({ status: 'warn', reason: 'Expires today (15 Jun 2026).' });
  });

  it('warns when it expires within two weeks', () => {
    expect(currentCheck(input({ prescription: prescription({ expires_at: '2026-06-20' }) })).status).toBe('warn');
    expect(currentCheck(input({ prescription: prescription({ expires_at: '2026-07-20' }) })).status).toBe('pass');
  });

  it('fails a cancelled prescription, with the reason given', () => {
    const cancelled = { ...prescription({ status: 'cancelled' }), cancellation_reason: 'Prescriber withdrew it' };
    const check = currentCheck(input({ prescription: cancelled }));
    expect(check).toMatchObject({
      status: 'fail',
      reason: 'This prescription was cancelled. Reason given: Prescriber withdrew it',
    });
  });

  it('warns about a prescription with no expiry, or written in the future', () => {
    expect(currentCheck(input({ prescription: prescription({ expires_at: null }) })).status).toBe('warn');
    const future = currentCheck(input({ prescription: prescription({ written_at: '2026-07-01' }) }));
    expect(future).toMatchObject({ status: 'warn', reason: 'Written with a date in the future: 1 Jul 2026.' });
  });

  it('warns about a prescription the service marked as an exception', () => {
    const check = currentCheck(input({ prescription: prescription({ status: 'exception' }) }));
    expect(check.status).toBe('warn');
    expect(check.reason).toContain("pharmacist's decision");
  });
});

describe('the guardian check', () => {
  it('passes an adult, saying their age', () => {
    expect(guardianCheck(input())).toMatchObject({
      status: 'pass',
      reason: 'Adult patient (age 46): no guardian needed.',
    });
  });

  it('without the service’s flag, a patient is an adult on their 18th birthday and a minor the day before', () => {
    // TODAY is 2026-06-15.
    const adult = patient({ date_of_birth: '2008-06-15', is_minor: null });
    const minor = patient({ date_of_birth: '2008-06-16', is_minor: null });
    expect(guardianCheck(input({ patient: adult }))).toMatchObject({
      status: 'pass',
      reason: expect.stringContaining('age 18'),
    });
    expect(guardianCheck(input({ patient: minor }))).toMatchObject({
      status: 'fail',
      reason: 'The patient is 17, a minor, and no guardian is on file.',
    });
  });

  it('fails a minor with no guardian on file', () => {
    const child = patient({ date_of_birth: '2014-01-10', is_minor: true });
    expect(guardianCheck(input({ patient: child }))).toMatchObject({
      status: 'fail',
      reason: 'The patient is 12, a minor, and no guardian is on file.',
    });
  });

  it('works out a minor from the birth date when the service sends no flag', () => {
    const child = patient({ date_of_birth: '2014-01-10', is_minor: null });
    expect(guardianCheck(input({ patient: child })).status).toBe('fail');
  });

  it("trusts the service's flag over the birth date", () => {
    const emancipated = patient({ date_of_birth: '2010-01-10', is_minor: false });
    expect(guardianCheck(input({ patient: emancipated })).status).toBe('pass');
  });

  it('warns when the guardian cannot be reached', () => {
    const child = patient({ date_of_birth: '2014-01-10', is_minor: true, guardian_name: 'Jordan Sample' });
    expect(guardianCheck(input({ patient: child }))).toMatchObject({
      status: 'warn',
      reason: 'The patient is 12, a minor; guardian Jordan Sample has no phone or email on file.',
    });
  });

  it('passes a minor with a guardian who can be reached', () => {
    const child = patient({
      date_of_birth: '2014-01-10',
      is_minor: true,
      guardian_name: 'Jordan Sample',
      guardian_relationship: 'parent',
      guardian_phone: '5550101234',
    });
    expect(guardianCheck(input({ patient: child }))).toMatchObject({
      status: 'pass',
      reason: 'The patient is 12, a minor; guardian Jordan Sample (parent) is on file.',
    });
  });

  it('warns when it cannot tell, or there is no patient', () => {
    expect(guardianCheck(input({ patient: patient({ date_of_birth: null, is_minor: null }) })).status).toBe('warn');
    expect(guardianCheck(input({ patient: null })).status).toBe('warn');
  });
});
