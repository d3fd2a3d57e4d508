// A scanner's burst and a person's typing told apart by the gaps between keys.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entryMethodOf } from '../../../../renderer/screens/verify/entry-method.ts';

/** Key times starting at 1000 ms with these gaps between them. */
function times(gaps: number[]): number[] {
  const out = [1000];
  for (const gap of gaps) out.push((out.at(-1) as number) + gap);
  return out;
}

describe('scanner or typed', () => {
  it('calls characters a few milliseconds apart a scan, and a person’s pace typing', () => {
    expect(entryMethodOf(times([5, 6, 4, 5, 7, 5, 3]), 7)).toBe('scanner');
    expect(entryMethodOf(times([140, 95, 210, 120, 180, 160, 90]), 7)).toBe('typed');
  });

  it('looks only at the code: a count typed slowly before a scanned code is still a scan', () => {
    expect(entryMethodOf(times([300, 250, 5, 5, 5, 5, 5, 5, 5]), 7)).toBe('scanner');
  });

  it('calls a paste (no key times) or a very short code typed', () => {
    expect(entryMethodOf([], 10)).toBe('typed');
    expect(entryMethodOf(times([2, 2]), 2)).toBe('typed');
  });

  it('calls any burst under the threshold a scan and any pace above it typing', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 25 }), { minLength: 4, maxLength: 40 }), (gaps) => {
        expect(entryMethodOf(times(gaps), gaps.length - 1)).toBe('scanner');
      }),
    );
    fc.assert(
      // People need 60 ms and more between most keys; up to 45 ms is a burst that a busy computer stretched.
      fc.property(fc.array(fc.integer({ min: 50, max: 900 }), { minLength: 4, maxLength: 40 }), (gaps) => {
        expect(entryMethodOf(times(gaps), gaps.length - 1)).toBe('typed');
      }),
    );
  });
});
