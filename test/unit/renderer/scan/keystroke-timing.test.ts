// A scanner's burst is told from a person's typing by the keystroke timings alone.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BURST,
  classifyEntry,
  createKeystrokeLog,
  gapsOf,
  readMarks,
} from '../../../../renderer/scan/keystroke-timing.ts';
import recorded from './recorded-keys.json' with { type: 'json' };

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

describe('recorded key timings, from a quiet machine to an overloaded one', () => {
  const bursts = recorded.recordings.filter((r) => r.pace === 'burst');
  const people = recorded.recordings.filter((r) => r.pace === 'person');
  const entryOf = (r: (typeof bursts)[number]) =>
    classifyEntry({ times: r.times, enterAt: r.enterAt, codeLength: r.code.length, edited: false });

  it('has bursts stretched by load: a gap of 400 ms and more, a median over 35 ms', () => {
    const gaps = bursts.map((r) => gapsOf(r));
    expect(Math.max(...gaps.flat())).toBeGreaterThan(400);
    const medians = gaps.map((g) => [...g].sort((a, b) => a - b)[Math.floor(g.length / 2)] as number);
    expect(Math.max(...medians)).toBeGreaterThan(35);
    expect(bursts.filter((r) => r.load === 'overloaded').length).toBeGreaterThanOrEqual(30);
  });

  it('calls every recorded burst a scan, stretched gaps and all', () => {
    expect(bursts.filter((r) => entryOf(r) !== 'scanner').map((r) => gapsOf(r))).toEqual([]);
  });

  it('calls every recording at a person’s pace typed, on a busy machine too', () => {
    expect(people.length).toBeGreaterThanOrEqual(20);
    expect(people.filter((r) => entryOf(r) !== 'typed').map((r) => gapsOf(r))).toEqual([]);
  });

  it('forgives a few stretched gaps but not many', () => {
    const twelve = [5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5];
    const stretch = (count: number) => twelve.map((gap, i) => (i % 4 === 1 && i / 4 < count ? 250 : gap));
    expect(classifyEntry({ ...timed(0, stretch(3)), codeLength: 12, edited: false })).toBe('scanner');
    const four = [...twelve.slice(0, 8).map((gap, i) => (i % 2 ? 250 : gap)), ...twelve.slice(8)];
    expect(classifyEntry({ ...timed(0, four), codeLength: 12, edited: false })).toBe('typed');
  });
});

describe('a site’s scanner marks', () => {
  const marks = { prefix: '§', suffix: ']E' };

  it('call a code that carries them scanned and take them off, and any other typed', () => {
    expect(readMarks('§ORD-1042]E', marks)).toEqual({ code: 'ORD-1042', entry: 'scanner' });
    expect(readMarks('ORD-1042', marks)).toEqual({ code: 'ORD-1042', entry: 'typed' });
    expect(readMarks('§ORD-1042', marks)).toEqual({ code: '§ORD-1042', entry: 'typed' });
    expect(readMarks('§]E', marks)).toEqual({ code: '§]E', entry: 'typed' });
  });

  it('keep a count typed before the scanned code: `30*` then a marked SKU is 30 of that SKU, scanned', () => {
    expect(readMarks('30*§SKU-RX-00412]E', marks)).toEqual({ code: '30*SKU-RX-00412', entry: 'scanner' });
  });

  it('work with a prefix alone or a suffix alone', () => {
    expect(readMarks('~ORD-1042', { prefix: '~', suffix: null })).toEqual({ code: 'ORD-1042', entry: 'scanner' });
    expect(readMarks('ORD-1042#', { prefix: null, suffix: '#' })).toEqual({ code: 'ORD-1042', entry: 'scanner' });
  });

  it('leave the decision to the key timing where the site has none', () => {
    expect(readMarks('ORD-1042', { prefix: null, suffix: null })).toBeNull();
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
