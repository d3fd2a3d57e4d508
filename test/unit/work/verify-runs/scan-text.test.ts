// What main receives of a verification scan (contract/ipc/verify-runs.ts `verifyScanInput`, then
// main/work/verify-runs/scan-step.ts `readScanText`): every text is either read into a count and a code, or refused with
// a clear message; anything but a text (a structure the page read itself, a count sent apart) is refused at the door.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { verifyScanInput } from '../../../../contract/ipc/verify-runs.ts';
import { StationError } from '../../../../main/platform/errors/station-errors.ts';
import { readScanText } from '../../../../main/work/verify-runs/scan-step.ts';
import { MAX_QUANTITY } from '../../../../rules/verification/codes/scanned-code.ts';

const orderId = '0b6f1c2e-4d5a-4b7c-9e8f-1a2b3c4d5e6f';

/** Texts a scan field may hold: all characters, and counts typed before `*` in front of any of them. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 240 }),
  fc.string({ unit: 'grapheme-ascii', maxLength: 240 }),
  fc
    .tuple(fc.integer({ min: -5, max: 200_000 }), fc.constantFrom('*', '* ', ' *'), fc.string({ maxLength: 60 }))
    .map(([count, star, rest]) => `${count}${star}${rest}`),
);

/** What main does with a text the contract let in: the code read, or a StationError saying why it is no code. */
function mainReads(text: string) {
  try {
    return { read: readScanText(text) };
  } catch (error) {
    return { refused: error };
  }
}

describe('a verification scan as main receives it', () => {
  it('is any text either read into a count and a code, or refused with a clear message', () => {
    fc.assert(
      fc.property(anyText, fc.constantFrom('scanner', 'typed'), (text, entry) => {
        const input = verifyScanInput.safeParse({ orderId, text, entry });
        if (!input.success) {
          // Refused at the door: the issue names the text, in words.
          for (const issue of input.error.issues) expect(issue.path).toEqual(['text']);
          expect(input.error.issues[0]?.message).toMatch(/\w/);
          return;
        }
        const answer = mainReads(input.data.text);
        if ('read' in answer && answer.read) {
          expect(answer.read.raw.length).toBeGreaterThan(0);
          expect(input.data.text).toContain(answer.read.raw);
          expect(answer.read.quantity).toBeGreaterThanOrEqual(1);
          expect(answer.read.quantity).toBeLessThanOrEqual(MAX_QUANTITY);
        } else {
          expect(answer.refused).toBeInstanceOf(StationError);
          const refused = answer.refused as StationError;
          expect(refused.code).toBe('invalid_input');
          expect(refused.message).toMatch(/^[A-Z].*\.$/);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('reads a count typed before a scanned code as that count of that code, with nothing joined by the page', () => {
    const code = fc.stringMatching(/^[A-Z0-9][A-Z0-9-]{0,40}$/);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_QUANTITY }), code, (count, scanned) => {
        const read = readScanText(`${count}*${scanned}`);
        expect({ quantity: read.quantity, raw: read.raw }).toEqual({ quantity: count, raw: scanned });
        expect(readScanText(scanned)).toMatchObject({ quantity: 1, raw: scanned });
      }),
    );
  });

  it('refuses anything but a text: a structure the page read itself, a count sent apart, a list', () => {
    fc.assert(
      fc.property(
        fc.anything().filter((value) => typeof value !== 'string'),
        (forged) => {
          expect(verifyScanInput.safeParse({ orderId, text: forged, entry: 'scanner' }).success).toBe(false);
        },
      ),
    );
    const parsed = { raw: 'RX-1', quantity: 30, serviceBarcode: false, gs1: null, gtin14: null, ndcCandidates: [] };
    for (const forged of [
      { orderId, text: parsed, entry: 'scanner' },
      { orderId, text: 'RX-1', entry: 'scanner', quantity: 30 },
      { orderId, code: 'RX-1', entry: 'scanner', quantity: 30 },
    ]) {
      expect(verifyScanInput.safeParse(forged).success).toBe(false);
    }
  });
});
