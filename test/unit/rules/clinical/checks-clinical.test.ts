// The clinical checks: allergies against the drug's class, and duplicates or interactions with other medications.
import { describe, expect, it } from 'vitest';
import { allergyCheck, drugKey, medicationCheck } from '../../../../rules/clinical/checks-interactions.ts';
import { allergy, input, medication, prescription, product } from './fixtures.ts';

const amoxicillin = () => ({
  prescription: prescription({ drug_name: 'Amoxicillin', strength: '500 mg' }),
  product: product({ name: 'Amoxicillin 500 mg capsule' }),
});

describe('the allergy check', () => {
  it('passes when no allergy is on file, and says so', () => {
    const check = allergyCheck(input(amoxicillin()));
    expect(check).toMatchObject({ id: 'allergy', status: 'pass' });
    expect(check.reason).toBe('No allergies on file for this patient.');
  });

  it('fails amoxicillin for a patient allergic to penicillin, naming both', () => {
    const check = allergyCheck(input({ ...amoxicillin(), riskFactors: [allergy('penicillin')] }));
    expect(check.status).toBe('fail');
    expect(check.reason).toBe('Penicillin allergy on file, Amoxicillin is a penicillin.');
  });

  it.each([
    ['PCN', 'Augmentin'],
    ['Penicillin', 'Ampicillin'],
    ['sulfa drugs', 'Sulfamethoxazole-trimethoprim'],
    ['Sulfonamides', 'Bactrim DS'],
    ['codeine', 'Oxycodone'],
    ['Morphine', 'Hydrocodone-acetaminophen'],
    ['aspirin', 'Ibuprofen'],
    ['NSAIDs', 'Aspirin'],
    ['ACE inhibitors', 'Lisinopril'],
    ['Cephalosporins', 'Cephalexin'],
  ])('fails when the allergy is %s and the drug is %s', (allergen, drug) => {
    const check = allergyCheck(
      input({ prescription: prescription({ drug_name: drug }), riskFactors: [allergy(allergen)] }),
    );
    expect(check.status).toBe('fail');
    expect(check.reason).toContain(drug);
  });

  it('warns, not fails, for a cephalosporin when the allergy is to penicillin', () => {
    const check = allergyCheck(
      input({ prescription: prescription({ drug_name: 'Cephalexin' }), riskFactors: [allergy('penicillin')] }),
    );
    expect(check.status).toBe('warn');
    expect(check.reason).toContain('cross-sensitivity');
  });

  it('warns for an opioid of another family when the allergy is to codeine', () => {
    const check = allergyCheck(
      input({ prescription: prescription({ drug_name: 'Tramadol' }), riskFactors: [allergy('codeine')] }),
    );
    expect(check.status).toBe('warn');
  });

  it('finds the drug by its matched product when the prescription names none', () => {
    const check = allergyCheck(
      input({
        prescription: prescription({ drug_name: null, name: null }),
        product: product({ name: 'Amoxicillin 500 mg capsule' }),
        riskFactors: [allergy('penicillin')],
      }),
    );
    expect(check.status).toBe('fail');
  });

  it('fails a drug named exactly as an allergy outside the table', () => {
    const check = allergyCheck(
      input({ prescription: prescription({ drug_name: 'Vancomycin' }), riskFactors: [allergy('Vancomycin')] }),
    );
    expect(check.status).toBe('fail');
  });

  it('passes allergies that have nothing to do with the drug, and lists what was checked', () => {
    const check = allergyCheck(input({ ...amoxicillin(), riskFactors: [allergy('latex'), allergy('sulfa drugs')] }));
    expect(check.status).toBe('pass');
    expect(check.reason).toBe('No conflict with the allergies on file: latex, sulfa drugs.');
  });

  it('asks for a check by hand when an allergy is outside the table', () => {
    const check = allergyCheck(input({ riskFactors: [allergy('Heparin'), allergy('peanuts')] }));
    expect(check.status).toBe('warn');
    expect(check.reason).toContain('check by hand: Heparin');
    expect(check.reason).toContain('No conflict with: peanuts');
  });

  it('ignores an allergy that was deactivated', () => {
    const check = allergyCheck(input({ ...amoxicillin(), riskFactors: [allergy('penicillin', { is_active: false })] }));
    expect(check.status).toBe('pass');
  });

  it('does not mistake a nasal spray for aspirin', () => {
    const check = allergyCheck(
      input({ prescription: prescription({ drug_name: 'Saline nasal spray' }), riskFactors: [allergy('ASA')] }),
    );
    expect(check.status).toBe('pass');
  });

  it('reports every conflict when there is more than one', () => {
    const check = allergyCheck(
      input({
        prescription: prescription({ drug_name: 'Amoxicillin' }),
        riskFactors: [allergy('penicillin'), allergy('Cephalosporins')],
      }),
    );
    expect(check.status).toBe('fail');
    expect(check.reason).toContain('Penicillin allergy');
    expect(check.reason).toContain('Cephalosporins allergy');
  });

  it('reads an allergy kept only as the text it was parsed from', () => {
    const check = allergyCheck(
      input({ ...amoxicillin(), riskFactors: [allergy('', { name: null, text_chunk: 'penicillin' })] }),
    );
    expect(check.status).toBe('fail');
  });
});

describe("the drug's own word", () => {
  it('skips strengths and release forms', () => {
    expect(drugKey('Amoxicillin 500 mg capsule')).toBe('amoxicillin');
    expect(drugKey('Methylphenidate ER 18 mg')).toBe('methylphenidate');
    expect(drugKey('Compounded hydrocortisone cream 2.5%')).toBe('hydrocortisone');
    expect(drugKey('10 mg')).toBeNull();
  });
});

describe('the medication check', () => {
  it('passes when there is nothing else on file', () => {
    const check = medicationCheck(input());
    expect(check).toMatchObject({ id: 'medications', status: 'pass' });
    expect(check.reason).toBe('No other medications or open prescriptions on file.');
  });

  it('fails when the same drug is already on the medication list, so the pharmacist acknowledges it', () => {
    const check = medicationCheck(input({ riskFactors: [medication('lisinopril 10mg')] }));
    expect(check.status).toBe('fail');
    expect(check.reason).toContain('the same drug');
  });

  it('reads the medication detail the service resolved', () => {
    const check = medicationCheck(
      input({ riskFactors: [medication('Zestril', { medication_detail: { ingredient_name: 'lisinopril' } })] }),
    );
    expect(check.status).toBe('fail');
  });

  it('fails another drug of the same class as a therapeutic duplicate', () => {
    const check = medicationCheck(input({ riskFactors: [medication('Enalapril')] }));
    expect(check.status).toBe('fail');
    expect(check.reason).toBe('Enalapril is on the medication list: another ACE inhibitor.');
  });

  it('leaves an interaction to the interaction check', () => {
    const check = medicationCheck(
      input({ prescription: prescription({ drug_name: 'Ibuprofen' }), riskFactors: [medication('Warfarin')] }),
    );
    expect(check.status).toBe('pass');
  });

  it('fails another open prescription for the same drug, with its date for people', () => {
    const other = prescription({ drug_name: 'Lisinopril', written_at: '2026-05-02' });
    const check = medicationCheck(input({ patientPrescriptions: [other] }));
    expect(check.status).toBe('fail');
    expect(check.reason).toBe('Another open prescription for Lisinopril 10 mg, written 2 May 2026: the same drug.');
  });

  it('does not count this prescription, or ones that are cancelled or completed', () => {
    const self = prescription({ drug_name: 'Lisinopril' });
    const check = medicationCheck(
      input({
        prescription: self,
        patientPrescriptions: [
          self,
          prescription({ drug_name: 'Lisinopril', status: 'cancelled' }),
          prescription({ drug_name: 'Lisinopril', status: 'completed' }),
        ],
      }),
    );
    expect(check.status).toBe('pass');
  });

  it('counts what it checked when nothing overlaps', () => {
    const check = medicationCheck(
      input({
        riskFactors: [medication('Metformin'), medication('Levothyroxine', { is_active: false })],
        patientPrescriptions: [prescription({ drug_name: 'Atorvastatin' })],
      }),
    );
    expect(check.status).toBe('pass');
    expect(check.reason).toBe(
      'Checked 1 medication on file and 1 other open prescription: no duplicate of Lisinopril.',
    );
  });
});
