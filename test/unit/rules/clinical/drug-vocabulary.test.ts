// The drug-class table: whole-word matching, which allergies it knows, and that it covers the demo vocabulary.
import { describe, expect, it } from 'vitest';
import table from '../../../../resources/vocabulary/drug-classes.json' with { type: 'json' };
import { firstMention, mentions, normalise, readDrugClasses } from '../../../../rules/clinical/drug-vocabulary.ts';
import { demoAllergies } from '../../../../training/index.ts';

const { allergyClasses, classesOfAllergy, isNonDrugAllergen, therapyClasses, therapyClassesOf } =
  readDrugClasses(table);

import allergyVocabulary from '../../../../resources/vocabulary/allergies.json' with { type: 'json' };

describe('matching drug names', () => {
  it('matches whole words only, ignoring case and punctuation', () => {
    expect(mentions(normalise('Amoxicillin 500 mg capsule'), 'amoxicillin')).toBe(true);
    expect(mentions(normalise('Sulfamethoxazole-Trimethoprim DS'), 'sulfamethoxazole trimethoprim')).toBe(true);
    expect(mentions(normalise('Saline nasal spray'), 'asa')).toBe(false);
    expect(mentions(normalise('Ampicillin'), 'penicillin')).toBe(false);
  });

  it('never matches an empty term', () => {
    expect(mentions(normalise('anything'), ' - ')).toBe(false);
  });

  it('finds every drug of a class by its own name', () => {
    for (const drugClass of allergyClasses) {
      for (const drug of drugClass.drugs) expect(firstMention(normalise(drug), drugClass.drugs)).not.toBeNull();
    }
  });
});

describe('which class an allergy belongs to', () => {
  it.each([
    ['penicillin', 'penicillins'],
    ['Penicillin', 'penicillins'],
    ['PCN', 'penicillins'],
    ['sulfa drugs', 'sulfonamides'],
    ['Sulfonamides', 'sulfonamides'],
    ['codeine', 'opioids'],
    ['aspirin', 'nsaids'],
    ['NSAIDs', 'nsaids'],
    ['Cephalosporins', 'cephalosporins'],
    ['ACE inhibitors', 'ace-inhibitors'],
  ])('puts an allergy to %s in %s', (allergy, id) => {
    expect(classesOfAllergy(allergy).map((c) => c.id)).toContain(id);
  });

  it('knows food, latex and stings are not drug classes', () => {
    for (const allergen of ['latex', 'peanuts', 'Shellfish', 'Bee stings', 'Eggs']) {
      expect(classesOfAllergy(allergen)).toEqual([]);
      expect(isNonDrugAllergen(allergen)).toBe(true);
    }
  });

  it('covers every allergy the demo data draws', () => {
    for (const allergy of demoAllergies) {
      expect(classesOfAllergy(allergy).length > 0 || isNonDrugAllergen(allergy), allergy).toBe(true);
    }
  });

  it('leaves only a few allergies of the service vocabulary to be checked by hand', () => {
    const byHand = allergyVocabulary.entries
      .map((entry) => entry.name)
      .filter((name) => classesOfAllergy(name).length === 0 && !isNonDrugAllergen(name));
    expect(byHand).toEqual(['Vancomycin', 'Carbamazepine', 'Phenytoin', 'Local anesthetics', 'Heparin']);
  });
});

describe('therapy classes', () => {
  it('puts a drug in its class for duplicate checks', () => {
    expect(therapyClassesOf(normalise('Atorvastatin 20 mg'))).toEqual(['statin']);
    expect(therapyClassesOf(normalise('Tramadol 50 mg'))).toEqual(['opioid']);
    expect(therapyClassesOf(normalise('Metformin 500 mg'))).toEqual([]);
  });
});

describe('the class ids (stable keys other vocabularies use, resources/README.md)', () => {
  it('keeps every allergy and therapy class id, each once', () => {
    expect(allergyClasses.map((c) => c.id)).toEqual([
      'penicillins',
      'cephalosporins',
      'sulfonamides',
      'opioids',
      'nsaids',
      'ace-inhibitors',
      'macrolides',
      'tetracyclines',
      'fluoroquinolones',
    ]);
    expect(therapyClasses.map((c) => c.id)).toEqual([
      'penicillin',
      'cephalosporin',
      'opioid',
      'nsaid',
      'ace-inhibitor',
      'statin',
      'ssri',
      'proton-pump-inhibitor',
      'anticoagulant',
      'benzodiazepine',
    ]);
  });
});
