// Clinical rules a pharmacist would sign: age and dose limits as data with their sources (every drug of the training
// vocabulary has them), controlled-substance validity and refills by schedule, and the days supply of a quantity.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import table from '../../../../resources/vocabulary/clinical-limits.json' with { type: 'json' };
import schedules from '../../../../resources/vocabulary/controlled-schedules.json' with { type: 'json' };
import {
  type ClinicalLimit,
  controlledFindings,
  maxRefills,
  validityOf,
  validUntil,
} from '../../../../rules/clinical/check-model.ts';
import {
  ageFinding,
  controlledCheck,
  dailyDoseOf,
  daysSupplyOf,
  doseFinding,
  dosesPerDay,
  limitOf,
  limitsCheck,
  PLAUSIBLE_DAYS,
  supplyCheck,
} from '../../../../rules/clinical/checks-limits.ts';
import { currentCheck } from '../../../../rules/clinical/checks-prescription.ts';
import { demoMedications as medications } from '../../../../training/index.ts';
import { input, patient, prescription, product } from './fixtures.ts';

const limits = table.entries as ClinicalLimit[];
const day = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('the training vocabulary’s limits', () => {
  it.each(medications.map((m) => [m.drug, m] as const))(
    '%s has an age limit, a maximum daily dose (or why not) and a source',
    (_, m) => {
      const limit = limitOf(`${m.drug} ${m.strength} ${m.form}`, limits);
      expect(limit, `${m.drug} is in clinical-limits.json`).not.toBeNull();
      expect(limit?.source).toMatch(/prescribing information, FDA label/);
      expect(limit?.minAgeYears).toBeGreaterThanOrEqual(0);
      if (limit?.maxDailyDose === null) expect(limit.reason).toBeTruthy();
      // The catalogue's own directions at its own strength stay within the maximum: the data agrees with itself.
      expect(
        doseFinding(limit as ClinicalLimit, dailyDoseOf(m.strength, m.sig, (limit as ClinicalLimit).doseUnit)),
      ).toBeNull();
    },
  );

  it('tramadol for a 6-year-old is found (contraindicated under 12), at 12 it is not', () => {
    const tramadol = limitOf('Tramadol 50 mg tablet', limits) as ClinicalLimit;
    expect(ageFinding(tramadol, 6)).toMatch(/^Tramadol is not for a patient of 6 \(from 12 years; Ultram/);
    expect(ageFinding(tramadol, 12)).toBeNull();
  });

  it('an age finding exactly when the patient is younger than the limit; a dose finding exactly over the maximum', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...limits),
        fc.integer({ min: 0, max: 110 }),
        fc.integer({ min: 0, max: 10_000 }),
        (limit, age, dose) => {
          expect(ageFinding(limit, age) !== null).toBe(age < limit.minAgeYears);
          expect(doseFinding(limit, dose) !== null).toBe(limit.maxDailyDose !== null && dose > limit.maxDailyDose);
        },
      ),
    );
  });

  it('the age limit holds on the birthday it is reached, not the day before, for every drug with one', () => {
    for (const limit of limits.filter((each) => each.minAgeYears > 0)) {
      const reached = `${2026 - limit.minAgeYears}-06-15`;
      const dayLater = `${2026 - limit.minAgeYears}-06-16`;
      const checked = (date_of_birth: string) =>
        limitsCheck(
          input({ prescription: prescription({ drug_name: limit.drug }), patient: patient({ date_of_birth }) }),
        );
      expect(ageFinding(limit, limit.minAgeYears), limit.drug).toBeNull();
      expect(ageFinding(limit, limit.minAgeYears - 1), limit.drug).not.toBeNull();
      expect(checked(reached).reason, limit.drug).not.toMatch(/is not for a patient/);
      expect(checked(dayLater), limit.drug).toMatchObject({
        status: 'fail',
        reason: expect.stringMatching(/is not for a patient/),
      });
    }
  });

  it('tramadol 50 mg every 6 hours is 200 mg a day; 2 tablets every 4 hours (600 mg) is over 400 mg', () => {
    const tramadol = limitOf('Tramadol', limits) as ClinicalLimit;
    expect(dailyDoseOf('50 mg', 'Take 1 tablet every 6 hours as needed for pain', 'mg')).toBe(200);
    expect(doseFinding(tramadol, dailyDoseOf('50 mg', 'Take 2 tablets every 4 hours', 'mg'))).toMatch(
      /600 mg a day is over the 400 mg/,
    );
  });
});

describe('controlled substances by schedule', () => {
  it('C-III to C-V: valid 6 months from written, at most 5 refills; C-II: no refills', () => {
    expect(validUntil('IV', '2026-11-02')).toBe('2027-05-02');
    expect(validUntil('IV', '2026-08-31')).toBe('2027-02-28');
    expect(validUntil('II', '2026-11-02')).toBeNull();
    expect(maxRefills('II')).toBe(0);
    expect(maxRefills('IV')).toBe(5);
    expect(controlledFindings({ schedule: 'IV', refills: 6 })).toEqual([
      'A C-IV prescription is refilled at most 5 times; this one carries 6.',
    ]);
  });

  it('one validity: the service’s expiry, cut to the schedule’s limit when that comes first', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('II', 'III', 'IV', 'V', null),
        day,
        fc.option(day, { nil: null }),
        (schedule, written, expires) => {
          const { until, serviceSaid } = validityOf({ schedule, writtenDay: written, expiresDay: expires });
          const limit = validUntil(schedule, written);
          if (limit) expect(until !== null && until <= limit).toBe(true);
          if (expires && until) expect(until <= expires).toBe(true);
          expect(serviceSaid === null || (limit !== null && until === limit)).toBe(true);
        },
      ),
    );
  });

  it('the C-IV written 19 Nov 2026 with a year’s expiry: one date, 19 May 2027, on every check, and no failed check for it', () => {
    const tramadol = input({
      prescription: prescription({
        drug_name: 'Tramadol',
        strength: '50 mg',
        written_at: '2026-11-19',
        expires_at: '2027-11-19',
        refills: 1,
      }),
      product: product({ name: 'Tramadol 50 mg tablet', is_controlled_substance: true }),
      today: '2026-12-01',
    });
    const controlled = controlledCheck(tramadol);
    const current = currentCheck(tramadol);
    expect(controlled.status).toBe('pass');
    expect(controlled.reason).toContain('valid until 19 May 2027');
    expect(current.status).toBe('pass');
    expect(current.reason).toContain('valid until 19 May 2027');
    expect(current.reason).toContain('the service says 19 Nov 2027');
  });

  it('the validity is after the day written and within 6 months and 1 day', () => {
    fc.assert(
      fc.property(fc.constantFrom('III', 'IV', 'V'), day, (schedule, written) => {
        const until = validUntil(schedule, written) as string;
        expect(until > written).toBe(true);
        const limit = new Date(`${written}T00:00:00Z`);
        limit.setUTCMonth(limit.getUTCMonth() + 6);
        expect(until <= limit.toISOString().slice(0, 10)).toBe(true);
      }),
    );
  });

  it('a refill finding exactly when the refills pass the schedule’s limit', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('II', 'III', 'IV', 'V', null),
        fc.integer({ min: 0, max: 12 }),
        (schedule, refills) => {
          const found = controlledFindings({ schedule, refills });
          const allowed = maxRefills(schedule);
          expect(found.length).toBe(allowed !== null && refills > allowed ? 1 : 0);
        },
      ),
    );
  });

  it('every scheduled drug of the vocabulary has its refill limit', () => {
    for (const entry of schedules.entries) expect(maxRefills(entry.schedule)).not.toBeNull();
  });
});

describe('days supply', () => {
  it('never says a tube of cream lasts 0 days: a package is not counted in doses', () => {
    const cream = prescription({
      drug_name: 'Hydrocortisone cream',
      strength: '2.5%',
      quantity: 1,
      units: 'tube',
      sig: 'Apply a thin layer twice daily',
    });
    const check = supplyCheck(input({ prescription: cream, product: null }));
    expect(check).toMatchObject({
      status: 'warn',
      reason: "1 tube is a package, not counted in doses: the days supply is the pharmacist's estimate.",
    });
    expect(supplyCheck(input({ prescription: { ...cream, days_supply: 30 }, product: null }))).toMatchObject({
      status: 'pass',
      reason: '1 tube for 30 days, as prescribed (a package, not counted in doses).',
    });
    expect(daysSupplyOf(30, 'Take 1 tablet twice daily', { units: 'each', form: 'tablet' })).toMatchObject({
      days: 15,
      flag: 'ok',
    });
  });

  it('amoxicillin TID for 10 days, quantity 90: 30 days, more than the 10-day course', () => {
    expect(daysSupplyOf(90, 'Take 1 capsule by mouth three times daily for 10 days')).toEqual({
      days: 30,
      flag: 'more_than_course',
      courseDays: 10,
    });
    expect(daysSupplyOf(30, 'Take 1 capsule by mouth three times daily for 10 days').flag).toBe('ok');
  });

  it('one day more than the stated course is flagged, not only double it; the course itself is not', () => {
    const sig = 'Take 1 capsule by mouth three times daily for 10 days';
    expect(daysSupplyOf(30, sig)).toEqual({ days: 10, flag: 'ok', courseDays: 10 });
    expect(daysSupplyOf(33, sig)).toEqual({ days: 11, flag: 'more_than_course', courseDays: 10 });
    expect(supplyCheck(input({ prescription: prescription({ quantity: 33, sig }) }))).toMatchObject({ status: 'fail' });
  });

  it('a day past the plausible range either side is flagged, and its edges are not', () => {
    const sig = 'Take 1 tablet once daily';
    expect(daysSupplyOf(PLAUSIBLE_DAYS.min, sig).flag).toBe('ok');
    expect(daysSupplyOf(PLAUSIBLE_DAYS.min - 1, sig).flag).toBe(PLAUSIBLE_DAYS.min - 1 > 0 ? 'too_short' : 'unknown');
    expect(daysSupplyOf(PLAUSIBLE_DAYS.max, sig).flag).toBe('ok');
    expect(daysSupplyOf(PLAUSIBLE_DAYS.max + 1, sig).flag).toBe('too_long');
  });

  it('is the quantity over the daily use, and flagged exactly outside the plausible range', () => {
    const sigs = [
      'Take 1 tablet once daily',
      'Take 2 tablets twice daily',
      'Take 1 tablet every 6 hours',
      'Take 1 capsule four times daily',
    ];
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2000 }), fc.constantFrom(...sigs), (quantity, sig) => {
        const supply = daysSupplyOf(quantity, sig);
        const perDay = (dosesPerDay(sig) as number) * (sig.includes('2 tablets') ? 2 : 1);
        expect(supply.days).toBe(Math.floor(quantity / perDay));
        const outside = (supply.days as number) < PLAUSIBLE_DAYS.min || (supply.days as number) > PLAUSIBLE_DAYS.max;
        expect(supply.flag).toBe(
          outside ? ((supply.days as number) < PLAUSIBLE_DAYS.min ? 'too_short' : 'too_long') : 'ok',
        );
      }),
    );
  });

  it('directions that do not say how often give no days supply, never a guess', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }).filter((s) => dosesPerDay(s) === null),
        fc.integer({ min: 1, max: 500 }),
        (sig, q) => {
          expect(daysSupplyOf(q, sig)).toMatchObject({ days: null, flag: 'unknown' });
        },
      ),
    );
    expect(daysSupplyOf(30, 'Take as directed by your anticoagulation clinic').flag).toBe('unknown');
  });
});
