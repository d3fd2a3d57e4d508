// The verifications this station made while the pharmacy's record could not be reached (queued, not yet seen by the
// others), with the prescriptions of each order as main read them then: on return they are held against the holds the
// other stations gave meanwhile (main/station/holds-on-return.ts). They are the verification facts themselves in
// record.db, each carrying `record_away` inside what the station signed: a restart before the record returns forgets
// none, and editing record.db can neither add one (it needs the station's key) nor drop or change one without
// breaking its signature, which is read back here and said (an error in the log, the fact not believed).
import type { FactOf } from '../../../contract/pharmacy-record.ts';
import { signedFact } from '../../../contract/pharmacy-record.ts';
import { parseStoredJson } from '../../../kits/json/stored-json.ts';
import { readSignedFact } from '../../../kits/signed-facts/signed-facts.ts';
import type { Logger } from '../../platform/log/logger.ts';
import type { RecordView } from './record-view.ts';

export interface AwayVerification {
  fact: FactOf<'order_verified'>;
  prescriptionIds: readonly string[];
}

/** At most this many are kept (an outage's verifications; a week's are far fewer), the oldest let go first. */
const MOST = 500;
/** The first look of a run reads back this many of the newest facts; later looks only the facts kept since. */
const LOOK_BACK = 50_000;

/** What this run has read of a record.db: up to which fact, and the away verifications found, by their place. */
const scans = new WeakMap<RecordView, { upTo: number; found: Map<number, AwayVerification> }>();

/**
 * This station's verifications made while the record was away, oldest first, read from their signed envelopes (the
 * body column alone is not believed). Every verification still queued here (not placed by the record yet) is read, and
 * any whose `record_away` shows in either column; one whose signature does not hold is left out and logged as changed
 * by hand (so `record_away` struck out of a queued one is said, not silently dropped). Each fact is read once a run:
 * a look costs the facts kept since the last one (the return's look runs at every change of the record).
 */
export function awayVerificationsIn(view: RecordView, ownKey: string, log?: Logger): AwayVerification[] {
  const newest = view.db.get<{ position: number | null }>('SELECT MAX(position) AS position FROM facts')?.position ?? 0;
  const scan = scans.get(view) ?? { upTo: Math.max(0, newest - LOOK_BACK), found: new Map() };
  scans.set(view, scan);
  if (newest > scan.upTo) {
    const rows = view.db.all<{ position: number; subject: string; signed: string }>(
      `SELECT position, subject, signed FROM facts
         WHERE position > ? AND position <= ? AND kind = 'order_verified'
           AND (record_seq IS NULL OR body LIKE '%"record_away"%' OR signed LIKE '%record_away%')
         ORDER BY position`,
      scan.upTo,
      newest,
    );
    for (const row of rows) {
      const away = readAway(row, ownKey, log);
      if (away) scan.found.set(row.position, away);
    }
    scan.upTo = newest;
    for (const position of [...scan.found.keys()].slice(0, Math.max(0, scan.found.size - MOST))) {
      scan.found.delete(position);
    }
  }
  return [...scan.found.values()];
}

function readAway(row: { subject: string; signed: string }, ownKey: string, log?: Logger): AwayVerification | null {
  let raw: unknown;
  try {
    raw = parseStoredJson(signedFact, row.signed, 'a verification kept in record.db');
  } catch (error) {
    log?.error('a verification made while the record was away was changed in record.db', { reason: String(error) });
    return null;
  }
  const read = readSignedFact(raw, row.subject, (signer) => signer === ownKey);
  if (!read.ok) {
    // Another station's fact is not ours to check; anything else is an edit of the folder.
    if (read.reason !== 'signed by a key this station does not trust') {
      log?.error('a verification made while the record was away was changed in record.db', { reason: read.reason });
    }
    return null;
  }
  const fact = read.fact;
  if (fact.kind !== 'order_verified' || !fact.record_away) return null;
  return { fact, prescriptionIds: fact.record_away.prescription_ids };
}
