// The enrolment code a station shows and IT types into `relay -- enrol`: the key read back from it however it is
// spaced or cased, a mistyped character caught by the key's checksum, and a fingerprint both sides can compare.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { enrolmentCode, keyFingerprint, stationKeyOfCode } from '../../../../kits/signed-facts/enrolment-code.ts';
import { newStationSeed, stationKeyFromSeed } from '../../../../kits/signed-facts/signed-facts.ts';

const key = () => stationKeyFromSeed(newStationSeed()).publicKey;

describe("a station's enrolment code", () => {
  it('reads back as the same key, in groups of four, lower case or with dashes', () => {
    const publicKey = key();
    const code = enrolmentCode(publicKey);
    expect(code.split(' ')).toHaveLength(14);
    for (const typed of [code, code.toLowerCase(), code.replaceAll(' ', '-'), publicKey])
      expect(stationKeyOfCode(typed)).toEqual({ ok: true, publicKey });
  });

  it('any one character mistyped is refused, never read as another station', () => {
    const publicKey = key();
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 55 }), fc.constantFrom(...alphabet), (at, letter) => {
        fc.pre(publicKey[at] !== letter);
        const typo = `${publicKey.slice(0, at)}${letter}${publicKey.slice(at + 1)}`;
        expect(stationKeyOfCode(typo).ok).toBe(false);
      }),
    );
  });

  it("the pharmacy's own key or a seed is not a station's code", () => {
    expect(stationKeyOfCode(`O${key().slice(1)}`)).toMatchObject({ ok: false });
    expect(stationKeyOfCode(newStationSeed())).toMatchObject({ ok: false });
  });

  it('the fingerprint is short and the same for the same key', () => {
    const publicKey = key();
    expect(keyFingerprint(publicKey)).toMatch(/^[0-9a-f]{4}(-[0-9a-f]{4}){3}$/);
    expect(keyFingerprint(publicKey)).toBe(keyFingerprint(publicKey));
    expect(keyFingerprint(key())).not.toBe(keyFingerprint(publicKey));
  });
});
