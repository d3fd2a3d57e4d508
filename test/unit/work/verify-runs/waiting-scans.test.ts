// Scans that arrive while a stop waits (main/work/verify-runs/waiting-scans.ts): kept in order, never more than the
// limit, with only what the scan said (the scan field's text, how entered), and words that say it waits.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  keptWords,
  MAX_WAITING,
  textOf,
  type WaitingScan,
  withWaiting,
} from '../../../../main/work/verify-runs/waiting-scans.ts';

const scan: fc.Arbitrary<WaitingScan> = fc.record({
  text: fc.string({ minLength: 1, maxLength: 20 }),
  entry: fc.constantFrom('scanner' as const, 'typed' as const),
});

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
      waiting = withWaiting(waiting, { text: `C${i}`, entry: 'scanner' }) ?? undefined;
    expect(waiting).toHaveLength(MAX_WAITING);
    expect(withWaiting(waiting, { text: 'ONE-MORE', entry: 'scanner' })).toBeNull();
  });

  it('keep nothing a page adds to a scan beyond its text and how it was entered', () => {
    const extra = { text: '3*A1', entry: 'typed', quantity: 30, verified: true } as WaitingScan;
    expect(withWaiting([], extra)).toEqual([{ text: '3*A1', entry: 'typed' }]);
  });

  it('kept by an earlier version as a code and a count are counted as the field had them', () => {
    expect(textOf({ code: 'A1', entry: 'typed', quantity: 3 })).toBe('3*A1');
    expect(textOf({ code: 'A1', entry: 'scanner' })).toBe('A1');
    expect(textOf({ text: '90*A1', entry: 'typed' })).toBe('90*A1');
  });

  it('are told to the person as waiting for the stop, with how many wait', () => {
    expect(keptWords('A1', 'Not on this order', 1)).toBe(
      'Kept: A1 is counted once "Not on this order" is answered. Answer the stop first.',
    );
    expect(keptWords('B2', 'Not on this order', 3)).toContain('(3 scans wait)');
  });
});
