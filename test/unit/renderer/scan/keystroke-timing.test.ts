// A scanner's burst is told from a person's typing by the keystroke timings alone.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BURST, classifyEntry, createKeystrokeLog, gapsOf } from '../../../../renderer/scan/keystroke-timing.ts';

/** Keystroke times from a start and the gaps between keys; the last gap leads to Enter. */
function timed(start: number, gaps: number[]) {
  const times = [start];
  for (const gap of gaps.slice(0, -1)) times.push((times.at(-1) as number) + gap);
  return { times, enterAt: (times.at(-1) as number) + (gaps.at(-1) as number) };
}

const start = fc.double({ min: 0, max: 1e7, noNaN: true });
const scannerGap = fc.integer({ min: 1, max: 25 });
const humanGap = fc.integer({ min: 70, max: 600 });

describe('telling a scanner from typing', () => {
  it('calls a code keyed a few milliseconds apart and ended with Enter a scan', () => {
    const keys = timed(1000, [5, 6, 4, 5, 7, 5, 5]);
    expect(classifyEntry({ ...keys, codeLength: 7, edited: false })).toBe('scanner');
  });

  it('calls the same code keyed at a person’s pace typed', () => {
    const keys = timed(1000, [140, 95, 210, 120, 180, 160, 230]);
    expect(classifyEntry({ ...keys, codeLength: 7, edited: false })).toBe('typed');
  });

  it('calls any burst of scanner-speed keys a scan, whenever it starts', () => {
    fc.assert(
      fc.property(start, fc.array(scannerGap, { minLength: BURST.minLength, maxLength: 60 }), (at, gaps) => {
        const keys = timed(at, gaps);
        expect(classifyEntry({ ...keys, codeLength: gaps.length, edited: false })).toBe('scanner');
      }),
    );
  });

  it('calls any code keyed at human speed typed', () => {
    fc.assert(
      fc.property(start, fc.array(humanGap, { minLength: 1, maxLength: 40 }), (at, gaps) => {
        const keys = timed(at, gaps);
        expect(classifyEntry({ ...keys, codeLength: gaps.length, edited: false })).toBe('typed');
      }),
    );
  });

  it('forgives one browser hiccup in the middle of a burst', () => {
    const keys = timed(0, [5, 5, 5, 180, 5, 5, 5, 5]);
    expect(classifyEntry({ ...keys, codeLength: 8, edited: false })).toBe('scanner');
  });

  it('calls a code typed in part and then finished in a burst typed when the pause is long', () => {
    const keys = timed(0, [5, 5, 5, 900, 5, 5, 5, 5]);
    expect(classifyEntry({ ...keys, codeLength: 8, edited: false })).toBe('typed');
  });

  it('never calls a corrected, pasted or very short code a scan, however fast', () => {
    fc.assert(
      fc.property(start, fc.array(scannerGap, { minLength: BURST.minLength, maxLength: 40 }), (at, gaps) => {
        const keys = timed(at, gaps);
        expect(classifyEntry({ ...keys, codeLength: gaps.length, edited: true })).toBe('typed');
        // More characters than keystrokes: some arrived without keys (pasted, filled in).
        expect(classifyEntry({ ...keys, codeLength: gaps.length + 1, edited: false })).toBe('typed');
      }),
    );
    const short = timed(0, [5, 5, 5]);
    expect(classifyEntry({ ...short, codeLength: 3, edited: false })).toBe('typed');
  });

  it('answers the same for the same rhythm at any time of day', () => {
    fc.assert(
      fc.property(
        start,
        start,
        fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 30 }),
        (a, b, gaps) => {
          const one = classifyEntry({ ...timed(a, gaps), codeLength: gaps.length, edited: false });
          const two = classifyEntry({ ...timed(b, gaps), codeLength: gaps.length, edited: false });
          expect(one).toBe(two);
        },
      ),
    );
  });

  it('measures the gaps between keys and up to Enter', () => {
    expect(gapsOf({ times: [10, 15, 22], enterAt: 30 })).toEqual([5, 7, 8]);
  });
});

describe('the keystroke log of the scan field', () => {
  it('classifies the keys since the last code and starts afresh after Enter', () => {
    const log = createKeystrokeLog();
    for (const at of [0, 5, 10, 15, 20]) log.key(at);
    expect(log.finish(25, 5)).toBe('scanner');
    for (const at of [1000, 1150, 1290, 1500, 1620]) log.key(at);
    expect(log.finish(1800, 5)).toBe('typed');
  });

  it('remembers a correction until the code is sent', () => {
    const log = createKeystrokeLog();
    for (const at of [0, 5, 10, 15, 20]) log.key(at);
    log.edit();
    expect(log.finish(25, 5)).toBe('typed');
    for (const at of [100, 105, 110, 115]) log.key(at);
    expect(log.finish(120, 4)).toBe('scanner');
  });

  it('judges only the keys of the code sent, not those typed before the field was cleared', () => {
    const log = createKeystrokeLog();
    for (const at of [0, 300, 700]) log.key(at);
    for (const at of [5000, 5004, 5008, 5012, 5016]) log.key(at);
    expect(log.finish(5020, 5)).toBe('scanner');
  });
});
