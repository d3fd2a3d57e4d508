// The practice bin sheet's content: every item handed, in the order handed, with its code exactly as the training
// service set it up (a scanner must read back the same value), its count in words; the shape main hashes and the
// renderer draws.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { binContent } from '../../../contract/document-content.ts';
import { practiceBinSheet } from '../../../rules/documents/practice-bin.ts';

const item = fc.record({
  name: fc.string({ minLength: 1, maxLength: 60 }),
  code: fc.stringMatching(/^[A-Z0-9-]{3,30}$/),
  count: fc.integer({ min: 1, max: 500 }),
});

describe('practiceBinSheet', () => {
  it('lists every item handed, in order, with its code unchanged and its count', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 10 }), (bin) => {
        const sheet = practiceBinSheet({
          drill: 'Short count',
          trainee: 'technician@training.local',
          orderNumber: 'ORD-1',
          setUpAt: '2026-11-27T09:00:00.000Z',
          bin,
        });
        expect(binContent.parse(sheet)).toEqual(sheet);
        expect(sheet.items.map((i) => i.code)).toEqual(bin.map((i) => i.code));
        expect(sheet.items.map((i) => i.name)).toEqual(bin.map((i) => i.name));
        sheet.items.forEach((i, n) => {
          expect(i.count).toBe(bin[n]?.count === 1 ? '1 unit' : `${bin[n]?.count} units`);
        });
      }),
    );
  });

  it('says when the drill was set up in words, not as a raw timestamp', () => {
    const sheet = practiceBinSheet({
      drill: 'Short count',
      trainee: 't@training.local',
      orderNumber: 'ORD-1',
      setUpAt: '2026-11-27T09:00:00.000Z',
      bin: [],
    });
    expect(sheet.setUp).not.toContain('T09:00');
    expect(sheet.setUp).toMatch(/2026/);
  });
});
