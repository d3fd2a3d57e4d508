// The interaction table as data a pharmacist can read (every entry sourced, the ONC high-priority list in it, pairs the
// same whichever drug comes first), and the interaction check over it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import table from '../../../../resources/vocabulary/drug-classes.json' with { type: 'json' };
import { interactionCheck } from '../../../../rules/clinical/checks-interactions.ts';
import { interactionsBetween, normalise } from '../../../../rules/clinical/drug-vocabulary.ts';
import { classes, input, medication, prescription } from './fixtures.ts';

const { interactions } = classes;
const everyDrug = [...new Set(Object.values(table.drugGroups).flatMap((group) => group.drugs))];
const idsBetween = (x: string, y: string) =>
  interactionsBetween(interactions, normalise(x), normalise(y))
    .map((found) => found.interaction.id)
    .sort();

describe('the interaction table', () => {
  it('cites a source for every entry, by an id the file defines, and never cites one it does not use', () => {
    const cited = new Set(table.interactions.map((entry) => entry.source));
    for (const entry of table.interactions) {
      expect(Object.keys(table.interactionSources), entry.id).toContain(entry.source);
    }
    expect([...cited].sort()).toEqual(Object.keys(table.interactionSources).sort());
    for (const interaction of interactions) expect(interaction.source.length).toBeGreaterThan(20);
  });

  it('names every side by a drug group the file defines, and each entry once', () => {
    const groups = Object.keys(table.drugGroups);
    for (const entry of table.interactions) {
      for (const group of [...entry.a, ...entry.b]) expect(groups, entry.id).toContain(group);
    }
    const ids = table.interactions.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('holds the 15 interactions of the ONC high-priority list (Phansalkar et al., JAMIA 2012)', () => {
    const onc = interactions.filter((interaction) => interaction.source.includes('Phansalkar'));
    expect(onc).toHaveLength(15);
    expect(onc.every((interaction) => interaction.source.includes('J Am Med Inform Assoc. 2012'))).toBe(true);
  });

  it('finds the same interactions whichever of two drugs is named first', () => {
    fc.assert(
      fc.property(fc.constantFrom(...everyDrug), fc.constantFrom(...everyDrug), (x, y) => {
        expect(idsBetween(x, y)).toEqual(idsBetween(y, x));
      }),
    );
  });

  it('never finds an interaction of a drug with itself', () => {
    fc.assert(fc.property(fc.constantFrom(...everyDrug), (x) => idsBetween(x, x).length === 0));
  });

  it('finds nothing in words that name no drug of the table', () => {
    const notADrug = fc.stringMatching(/^[a-z ]{0,30}$/).filter((text) => !everyDrug.some((d) => text.includes(d)));
    fc.assert(
      fc.property(notADrug, fc.constantFrom(...everyDrug), (text, drug) => idsBetween(text, drug).length === 0),
    );
  });

  it.each([
    ['Tramadol 50 mg', 'Sumatriptan 50 mg', 'serotonin syndrome', 'Ultram (tramadol)'],
    ['Sertraline 50 mg', 'Warfarin 5 mg', 'bleeding', 'Zoloft (sertraline)'],
    ['Tramadol 50 mg', 'Warfarin 5 mg', 'INR', 'Ultram (tramadol)'],
    ['Oxycodone 5 mg', 'Zolpidem 5 mg', 'slow breathing', 'FDA Drug Safety Communication, 31 Aug 2016'],
    ['Omeprazole 20 mg', 'Atazanavir 300 mg', 'HIV treatment can fail', 'Phansalkar'],
  ])('%s with %s: %s, from %s', (x, y, effect, source) => {
    const found = interactionsBetween(interactions, normalise(x), normalise(y));
    expect(found.map((f) => f.interaction.effect).join(' ')).toContain(effect);
    expect(found.map((f) => f.interaction.source).join(' ')).toContain(source);
  });
});

describe('the interaction check', () => {
  it('passes when nothing else is on file', () => {
    expect(interactionCheck(input())).toMatchObject({ id: 'interactions', status: 'pass' });
  });

  it('fails tramadol for a patient with an open sumatriptan prescription, naming both and the source', () => {
    const check = interactionCheck(
      input({
        prescription: prescription({ drug_name: 'Tramadol', strength: '50 mg' }),
        patientPrescriptions: [prescription({ drug_name: 'Sumatriptan', strength: '50 mg', written_at: '2026-05-02' })],
      }),
    );
    expect(check.status).toBe('fail');
    expect(check.reason).toContain(
      'Another open prescription for Sumatriptan 50 mg, written 2 May 2026: tramadol with sumatriptan, together they can cause serotonin syndrome. Source: Ultram (tramadol) prescribing information',
    );
  });

  it('fails sertraline for a patient with warfarin on the medication list', () => {
    const check = interactionCheck(
      input({ prescription: prescription({ drug_name: 'Sertraline' }), riskFactors: [medication('Warfarin')] }),
    );
    expect(check.status).toBe('fail');
    expect(check.reason).toMatch(/^Warfarin is on the medication list: sertraline with warfarin, .*bleeding.*Zoloft/);
  });

  it('counts what it checked when nothing interacts', () => {
    const check = interactionCheck(
      input({
        riskFactors: [medication('Metformin')],
        patientPrescriptions: [prescription({ drug_name: 'Atorvastatin' })],
      }),
    );
    expect(check).toMatchObject({
      status: 'pass',
      reason: 'Checked 1 medication on file and 1 other open prescription: no known interaction with Lisinopril.',
    });
  });
});
