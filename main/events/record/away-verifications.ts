// The verifications this station made while the pharmacy's record could not be reached (queued, not yet seen by the
// others), with the prescriptions of each order as main read them then: on return they are held against the holds the
// other stations gave meanwhile (main/station/holds-on-return.ts). Kept in memory for this run, per record.
import type { FactOf } from '../../../contract/pharmacy-record.ts';

export interface AwayVerification {
  fact: FactOf<'order_verified'>;
  prescriptionIds: readonly string[];
}

/** At most this many wait at once (the oldest let go first). */
const MOST = 500;
const waiting = new WeakMap<object, AwayVerification[]>();

/** Notes a verification the record queued (made while it could not be reached). */
export function noteAwayVerification(record: object, away: AwayVerification): void {
  const list = waiting.get(record) ?? [];
  list.push(away);
  if (list.length > MOST) list.splice(0, list.length - MOST);
  waiting.set(record, list);
}

/** The verifications noted and not yet settled, oldest first. */
export function awayVerifications(record: object): readonly AwayVerification[] {
  return [...(waiting.get(record) ?? [])];
}

/** Settles one: it was held against the record back. */
export function settleAwayVerification(record: object, factId: string): void {
  const list = waiting.get(record);
  if (list)
    waiting.set(
      record,
      list.filter((away) => away.fact.id !== factId),
    );
}
