// Scans that arrive while a stop waits (main/work/verify-runs/waiting-scans.ts): kept in order, never more than the
// limit, with only what the scan said (code, how entered, a typed count), and words that say it waits.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  keptWords,
  MAX_WAITING,
  type WaitingScan,
  withWaiting,
} from '../../../../main/work/verify-runs/waiting-scans.ts';

const scan = fc.record(
  {
    code: fc.string({ minLength: 1, maxLength: 20 }),
    entry: fc.constantFrom('scanner', 'typed'),
    quantity: fc.nat(99),
  },
  { requiredKeys: ['code', 'entry'] },
) as fc.Arbitrary<WaitingScan>;

describe('scans kept behind a stop', () => {
  it('are kept in the order they came, each as it was scanned', () => {
    fc.assert(
      fc.property(fc.array(scan, { maxLength: MAX_WAITING }), (scans) => {
        let waiting: WaitingScan[] | undefined;
        for (const next of scans) waiting = withWaiting(waiting, next) ?? undefined;
        expect(waiting ?? []).toEqual(scans.map((s) => ({ ...s })));
      }),
    );
  });

  it(`stop at ${MAX_WAITING}: a scanner left firing does not grow the run without end`, () => {
    let waiting: WaitingScan[] | undefined;
    for (let i = 0; i < MAX_WAITING; i += 1)
      waiting = withWaiting(waiting, { code: `C${i}`, entry: 'scanner' }) ?? undefined;
    expect(waiting).toHaveLength(MAX_WAITING);
    expect(withWaiting(waiting, { code: 'ONE-MORE', entry: 'scanner' })).toBeNull();
  });

  it('keep nothing a page adds to a scan beyond the code, how it was entered and a typed count', () => {
    const extra = { code: 'A1', entry: 'typed', quantity: 3, verified: true } as WaitingScan;
    expect(withWaiting([], extra)).toEqual([{ code: 'A1', entry: 'typed', quantity: 3 }]);
  });

  it('are told to the person as waiting for the stop, with how many wait', () => {
    expect(keptWords('A1', 'Not on this order', 1)).toBe(
      'Kept: A1 is counted once "Not on this order" is answered. Answer the stop first.',
    );
    expect(keptWords('B2', 'Not on this order', 3)).toContain('(3 scans wait)');
  });
});
