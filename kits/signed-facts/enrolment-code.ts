// A station's enrolment code: its record key's public half as a person reads it off a screen and types it into
// `relay -- enrol` (groups of four, the nkeys checksum catching a mistyped character), and a short fingerprint both
// sides show so IT can compare what it enrolled with what the station says.
import { createHash } from 'node:crypto';
import { fromPublic } from '@nats-io/nkeys';
import { stationPublicKey } from '../../contract/pharmacy-record.ts';

/** The key in groups of four: `UABC DEFG …` (14 groups). */
export function enrolmentCode(publicKey: string): string {
  return publicKey.match(/.{1,4}/g)?.join(' ') ?? publicKey;
}

/** The first 8 bytes of the key's SHA-256 in hex, in groups of four: `3f2a-91c0-…`. */
export function keyFingerprint(publicKey: string): string {
  const hex = createHash('sha256').update(publicKey).digest('hex').slice(0, 16);
  return hex.match(/.{4}/g)?.join('-') ?? hex;
}

export type ReadCode = { ok: true; publicKey: string } | { ok: false; message: string };

/** The station key a typed code names (spaces and dashes ignored, any case); a mistyped one is named as such. */
export function stationKeyOfCode(typed: string): ReadCode {
  const key = typed.replace(/[\s-]/g, '').toUpperCase();
  if (!stationPublicKey.safeParse(key).success)
    return { ok: false, message: 'an enrolment code is 56 letters and digits starting with U (as the station shows)' };
  try {
    fromPublic(key);
  } catch {
    return { ok: false, message: 'the enrolment code does not check out: a character is mistyped' };
  }
  return { ok: true, publicKey: key };
}
