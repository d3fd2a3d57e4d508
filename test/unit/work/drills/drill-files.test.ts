// Every drill shipped in resources/drills/ loads and fits the contract; a wrong file is refused by name with the reason.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { drillCheck } from '../../../../contract/drills.ts';
import { DrillFileError, loadDrills, parseDrillFile } from '../../../../main/work/drills/drill-files.ts';
import allergies from '../../../../resources/vocabulary/allergies.json' with { type: 'json' };

const drills = loadDrills();
const lookAlike = readFileSync(
  new URL('../../../../resources/drills/look-alike-hydroxyzine.json', import.meta.url),
  'utf8',
);

describe('the drills shipped as data', () => {
  it('are at least ten, each with a distinct id', () => {
    expect(drills.length).toBeGreaterThanOrEqual(10);
    expect(new Set(drills.map((d) => d.id)).size).toBe(drills.length);
  });

  it('include every drill the issue names', () => {
    expect(drills.map((d) => d.id)).toEqual(
      expect.arrayContaining([
        'look-alike-hydroxyzine',
        'short-count',
        'controlled-count',
        'expired-lot',
        'cancelled-mid-verification',
        'outage-mid-shift',
        'allergy-conflict',
        'licence-wrong-state',
        'duplicate-patient-intake',
        'damaged-label-reprint',
      ]),
    );
  });

  it('together use every kind of check the scoring knows', () => {
    const used = new Set(drills.flatMap((d) => d.checks.map((c) => c.kind)));
    const kinds = drillCheck.options.map((option) => option.shape.kind.value);
    expect([...used].sort()).toEqual([...kinds].sort());
  });

  it("give patients only allergies of the training vocabulary, so the service's parser knows them", () => {
    const known = new Set(allergies.entries.map((e) => e.name));
    for (const d of drills) for (const a of d.setup.patient.allergies) expect(known, `${d.id}: ${a}`).toContain(a);
  });

  it('hand the trainee a bin for every drill verified at the bench', () => {
    for (const d of drills) {
      const verifies = d.checks.some((c) => ['stop_raised', 'sign_off', 'discrepancy_task'].includes(c.kind));
      if (verifies) expect(d.setup.bin.length, d.id).toBeGreaterThan(0);
    }
  });

  it('the look-alike drill hands hydralazine for an order of hydroxyzine', () => {
    const d = drills.find((x) => x.id === 'look-alike-hydroxyzine');
    const drugOf = (ref: string) => d?.setup.products.find((p) => p.ref === ref)?.drug;
    expect(d?.setup.order.map((l) => drugOf(l.product))).toEqual(['Hydroxyzine HCl']);
    expect(d?.setup.bin.map((b) => drugOf(b.product))).toEqual(['Hydralazine HCl']);
  });
});

describe('a drill file that does not fit', () => {
  const refusal = (name: string, text: string) => {
    try {
      parseDrillFile(name, text);
    } catch (error) {
      expect(error).toBeInstanceOf(DrillFileError);
      return (error as Error).message;
    }
    throw new Error('the file was accepted');
  };
  /** The drill file as the tests edit it: its bin and checks, every other field kept. */
  const editable = z.looseObject({
    setup: z.looseObject({ bin: z.array(z.unknown()) }),
    checks: z.array(z.record(z.string(), z.unknown())),
  });
  const edited = (edit: (d: z.output<typeof editable>) => void) => {
    const d = editable.parse(JSON.parse(lookAlike));
    edit(d);
    return JSON.stringify(d);
  };

  it('is refused when it is not JSON', () => {
    expect(refusal('look-alike-hydroxyzine.json', '{ "id": ')).toMatch(/look-alike-hydroxyzine.json is not JSON/);
  });

  it('is refused when the bin names a product the drill does not declare', () => {
    const text = edited((d) => d.setup.bin.push({ product: 'warfarin', count: 1 }));
    expect(refusal('look-alike-hydroxyzine.json', text)).toMatch(/setup\.bin\.1\.product: product warfarin/);
  });

  it('is refused when a check is of an unknown kind', () => {
    const text = edited((d) => d.checks.push({ kind: 'feels_right' }));
    expect(refusal('look-alike-hydroxyzine.json', text)).toMatch(/checks\.3/);
  });

  it('is refused when a stop may be let go for a reason that is no reason', () => {
    const text = edited((d) => {
      d.checks[0]!.letGoAs = ['shrugged'];
    });
    expect(refusal('look-alike-hydroxyzine.json', text)).toMatch(/checks\.0\.letGoAs/);
  });

  it('is refused when its file name is not its id', () => {
    expect(refusal('hydroxyzine.json', lookAlike)).toMatch(/name the file look-alike-hydroxyzine.json/);
  });
});
