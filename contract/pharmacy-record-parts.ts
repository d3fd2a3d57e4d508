// The parts every fact of the pharmacy's record is made of (contract/pharmacy-record.ts): who wrote it, which order,
// the keys that sign it, and how a name becomes a NATS subject token.
import { z } from 'zod';

export const RECORD_SUBJECT_ROOT = 'record';

/** NATS subject tokens may not hold `.`, `*`, `>` or white space: anything else becomes `_`. */
export function token(text: string): string {
  const cleaned = text.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 120);
  return cleaned === '' ? '_' : cleaned;
}

export const id = z.string().min(1).max(200);
export const shortText = z.string().max(200);
export const digest = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 in hex');

/** A station's public key as nkeys writes it (`U…`, 56 characters): the key its facts are signed with. */
export const stationPublicKey = z.string().regex(/^U[A-Z2-7]{55}$/, 'a station public key');
/** The pharmacy's public key (`O…`, 56 characters): `relay -- init` makes the pair, the machine policy carries it. */
export const pharmacyPublicKey = z.string().regex(/^O[A-Z2-7]{55}$/, 'a pharmacy public key');

/** Who wrote the fact: the station (its name and key) and the person the service confirmed (id and display name). */
export const origin = {
  /** Unique per fact (the writer's), so a resend is the same fact. */
  id: z.string().min(1).max(100),
  /** When the station wrote it (ISO 8601). */
  at: z.string().max(40),
  station: z.strictObject({ name: z.string().min(1).max(100), key: stationPublicKey }),
  person: z.strictObject({ id: id.nullable(), name: shortText, role: z.string().max(40).nullable() }),
};

export const orderRef = { order_id: id, order_number: shortText.nullable() };
