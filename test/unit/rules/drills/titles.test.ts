// A drill's title gives its problem away ("Short count"): the trainee reads a neutral one until the drill is scored;
// the trainer always reads what it is about.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drillTitleShown, NEUTRAL_DRILL_TITLES } from '../../../../rules/drills/titles.ts';

const role = fc.constantFrom('technician' as const, 'pharmacist' as const);

describe('the title a drill shows', () => {
  it('a trainee sees only their role’s practice before the score, whatever the drill is about', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 80 }), role, (title, each) => {
        expect(drillTitleShown({ title, role: each }, { trainer: false, scored: false })).toBe(
          NEUTRAL_DRILL_TITLES[each],
        );
      }),
    );
  });

  it('the trainer always, and the trainee once it is scored, read what the drill is about', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 80 }), role, fc.boolean(), (title, each, scored) => {
        expect(drillTitleShown({ title, role: each }, { trainer: true, scored })).toBe(title);
        expect(drillTitleShown({ title, role: each }, { trainer: false, scored: true })).toBe(title);
      }),
    );
  });

  it('"Short count" is shown to the technician set on it as "Technician practice drill"', () => {
    const drill = { title: 'Short count', role: 'technician' as const };
    expect(drillTitleShown(drill, { trainer: false, scored: false })).toBe('Technician practice drill');
  });
});
