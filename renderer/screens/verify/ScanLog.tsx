// This verification's scans, newest first: the code, how it was entered, and what it did (counted, stopped and why,
// not recognised, taken back). What the audit record will hold, shown before it is written.
import { REASON_LABELS } from '../../../rules/verification/discrepancy.ts';
import type { RunScan } from '../../../rules/verification/run.ts';
import { STOP_TITLES } from '../../../rules/verification/verdict.ts';
import { formatDay } from '../../format/record-values.ts';
import { verifyWords } from './wording.ts';

const SHOWN = 12;

function resultWords(scan: RunScan): string {
  switch (scan.result) {
    case 'counted':
      return 'Counted';
    case 'undone':
      return 'Taken back';
    case 'unrecognised':
      return 'Not recognised';
    case 'stopped':
      return scan.stop ? `Stopped: ${STOP_TITLES[scan.stop.kind]}` : 'Stopped';
  }
}

/** "Lot B123456, expires 2027-05-31": the lot a scan named (a GS1 DataMatrix's AI 10 and 17, or the lot's own). */
function lotWords(scan: RunScan): string | null {
  if (!scan.lot) return null;
  return scan.expiry ? verifyWords.log.lotExpiring(scan.lot, formatDay(scan.expiry)) : verifyWords.log.lot(scan.lot);
}

/** A code as people read it: the GS1 group separator (invisible, and without a glyph in most fonts) shown as <GS>. */
const shownCode = (code: string) => code.replaceAll('\u001d', '<GS>');

export function ScanLog({ scans, blind = new Set() }: { scans: RunScan[]; blind?: ReadonlySet<string> }) {
  // A blind count hides the scans of the line the pharmacist is counting: they would show the technician's count.
  const shown = scans.filter((scan) => !(scan.productId && blind.has(scan.productId)));
  if (shown.length === 0) return null;
  const newest = [...shown].reverse().slice(0, SHOWN);
  return (
    <section className="verify-log" aria-labelledby="verify-log-title">
      <h3 id="verify-log-title">{verifyWords.log.scans(shown.length)}</h3>
      <ol className="verify-log-list">
        {newest.map((scan) => (
          <li key={scan.seq} className={`verify-log-item verify-log-${scan.result}`}>
            <span className="verify-log-result">{resultWords(scan)}</span>
            <code className="verify-log-code">{shownCode(scan.code)}</code>
            {lotWords(scan) ? <span className="verify-log-lot">{lotWords(scan)}</span> : null}
            <span className="verify-log-how">
              {scan.quantity > 1 ? `× ${scan.quantity}, ` : ''}
              {scan.entry === 'scanner' ? 'scanned' : 'typed'}
            </span>
            <span className="verify-log-message">
              {scan.message}
              {scan.stop ? ` Reason: ${REASON_LABELS[scan.stop.reason]} — ${scan.stop.note}` : ''}
            </span>
          </li>
        ))}
      </ol>
      {shown.length > SHOWN ? <p className="muted">{verifyWords.log.latest(SHOWN)}</p> : null}
    </section>
  );
}
