// The patient as the order view shows them: age, minor and guardian, risk factors.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Patient, RiskFactorMatch } from '../../../../contract/service/patients.ts';
import { ageOn, groupRiskFactors, patientFacts, patientFlags } from '../../../../renderer/format/patient-facts.ts';

const day = (year: number, month: number, date: number) => new Date(year, month - 1, date, 12);
const patient = (fields: Partial<Patient>): Patient => ({ id: 'p1', ...fields });

describe('age from the date of birth', () => {
  it('counts a birthday as reached on the day itself, not the day before', () => {
    expect(ageOn('2008-05-20', day(2026, 5, 19))).toBe(17);
    expect(ageOn('2008-05-20', day(2026, 5, 20))).toBe(18);
  });

  it('counts a 29 February birthday from 1 March in other years', () => {
    expect(ageOn('2008-02-29', day(2026, 2, 28))).toBe(17);
    expect(ageOn('2008-02-29', day(2026, 3, 1))).toBe(18);
  });

  it('has no age for a missing, unreadable, impossible or future date', () => {
    expect(ageOn(null, day(2026, 1, 1))).toBeNull();
    expect(ageOn('05/20/2008', day(2026, 1, 1))).toBeNull();
    expect(ageOn('2008-02-30', day(2026, 1, 1))).toBeNull();
    expect(ageOn('2027-01-01', day(2026, 1, 1))).toBeNull();
  });

  it('is N on the Nth birthday and N-1 the day before, for any date of birth', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(1900, 0, 1), max: new Date(2025, 11, 31), noInvalidDate: true }),
        fc.integer({ min: 1, max: 110 }),
        (born, years) => {
          fc.pre(!(born.getMonth() === 1 && born.getDate() === 29));
          const iso = `${born.getFullYear()}-${String(born.getMonth() + 1).padStart(2, '0')}-${String(born.getDate()).padStart(2, '0')}`;
          const birthday = new Date(born.getFullYear() + years, born.getMonth(), born.getDate(), 12);
          const dayBefore = new Date(birthday.getFullYear(), birthday.getMonth(), birthday.getDate() - 1, 12);
          expect(ageOn(iso, birthday)).toBe(years);
          expect(ageOn(iso, dayBefore)).toBe(years - 1);
        },
      ),
    );
  });
});

describe('minor and guardian', () => {
  const today = day(2026, 6, 1);

  it('takes the service’s is_minor over the age it would compute', () => {
    expect(patientFacts(patient({ date_of_birth: '2008-06-02', is_minor: false }), today).minor).toBe(false);
    expect(patientFacts(patient({ date_of_birth: '2008-06-02' }), today).minor).toBe(true);
    expect(patientFacts(patient({ date_of_birth: '2008-06-01' }), today).minor).toBe(false);
  });

  it('does not guess when neither the service nor a date of birth says', () => {
    expect(patientFacts(patient({}), today).minor).toBeNull();
  });

  it('flags a minor whose guardian cannot be reached', () => {
    const minor = { date_of_birth: '2015-01-01' };
    expect(patientFacts(patient(minor), today).guardianMissing).toBe(true);
    expect(patientFacts(patient({ ...minor, guardian_name: 'Ana Ruiz' }), today).guardianMissing).toBe(true);
    const reachable = patientFacts(
      patient({ ...minor, guardian_name: 'Ana Ruiz', guardian_phone: '5551234567' }),
      today,
    );
    expect(reachable.guardianMissing).toBe(false);
    expect(reachable.guardian).toMatchObject({ name: 'Ana Ruiz', phone: '5551234567' });
  });

  it('never flags an adult for a missing guardian', () => {
    expect(patientFacts(patient({ date_of_birth: '1980-01-01' }), today).guardianMissing).toBe(false);
  });

  it('names the patient from first, middle and last name', () => {
    expect(patientFacts(patient({ first_name: 'Ana', middle_name: ' ', last_name: 'Ruiz' }), today).name).toBe(
      'Ana Ruiz',
    );
    expect(patientFacts(null, today).name).toBe('No patient on file');
  });
});

describe('risk factors', () => {
  const match = (fields: Partial<RiskFactorMatch>): RiskFactorMatch => ({ id: crypto.randomUUID(), ...fields });

  it('groups active risk factors by type, each name once', () => {
    const groups = groupRiskFactors([
      match({ type: 'allergy', name: 'Penicillin' }),
      match({ type: 'allergy', name: 'penicillin' }),
      match({ type: 'condition', name: 'Asthma' }),
      match({ type: 'medication', medication_detail: { name: 'Lisinopril 10 MG' } }),
      match({ type: 'allergy', name: 'Latex', is_active: false }),
      match({ type: 'intolerance', name: 'Lactose' }),
    ]);
    expect(groups).toEqual({
      allergies: ['Penicillin'],
      conditions: ['Asthma'],
      medications: ['Lisinopril 10 MG'],
      other: ['intolerance: Lactose'],
    });
  });

  it('lists the yes/no risks of the patient record', () => {
    expect(patientFlags(patient({ is_pregnant: true, is_smoker: true, is_diabetic: false }))).toEqual([
      'Pregnant',
      'Smoker',
    ]);
  });
});
