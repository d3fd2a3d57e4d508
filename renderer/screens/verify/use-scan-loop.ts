// The scan loop: each scan read, looked up (a service barcode through the service), judged against the run and kept
// before it is told as counted, one at a time behind the run being restored; undo waits in the same queue.
import { type MutableRefObject, useRef } from 'react';
import type { CatalogueIndex } from '../../../contract/rules/verification/catalogue-index.ts';
import { readScannedCode } from '../../../contract/rules/verification/codes/scanned-code.ts';
import { localToday } from '../../../contract/rules/verification/lines.ts';
import { matchCode } from '../../../contract/rules/verification/match.ts';
import { applyVerdict, countsOf, isComplete, undoLast } from '../../../contract/rules/verification/run.ts';
import { judgeScan } from '../../../contract/rules/verification/verdict.ts';
import { playBad, playGood } from '../../feedback/sounds.ts';
import { messageOf } from '../../queries/station.ts';
import { SCAN_FIELD_ID } from '../../scan/focus.ts';
import type { ScanEntry } from '../../scan/keystroke-timing.ts';
import { entryMethodOf } from './entry-method.ts';
import { useKeyTimes } from './key-times.ts';
import type { RunFeedback } from './run-feedback.ts';
import { lookUpServiceBarcode } from './service-lookup.ts';
import type { KeptRun } from './use-kept-run.ts';
import type { RunAudit } from './use-run-audit.ts';
import { runWords } from './wording.ts';

export function useScanLoop(
  indexRef: MutableRefObject<CatalogueIndex>,
  { get, put, restoring }: Pick<KeptRun, 'get' | 'put' | 'restoring'>,
  { setFeedback, bad }: RunFeedback,
  { verifiable, record }: Pick<RunAudit, 'verifiable' | 'record'>,
) {
  const keyTimes = useKeyTimes(SCAN_FIELD_ID);
  const queue = useRef<Promise<void>>(restoring);

  async function handleScan(text: string, times: number[], barEntry: ScanEntry): Promise<void> {
    const before = get();
    if (before.recorded || before.pending) return;
    const read = readScannedCode(text);
    if (!read.ok) return bad(read.message);
    const code = read.code;
    // The scan field's word (its marks, or the whole code a burst) stands; else the code after a typed count may be one.
    const entry = barEntry === 'scanner' ? 'scanner' : entryMethodOf(times, code.raw.length);
    const today = localToday(new Date());
    let match = matchCode(code, indexRef.current, today);
    let labelled: string | null = null;
    if (match.kind === 'service_barcode') {
      const looked = await lookUpServiceBarcode(code.raw, indexRef.current);
      if (!looked.ok) return bad(looked.message);
      match = looked.match;
      labelled = looked.notProduct;
    }
    const current = get();
    if (current.recorded || current.pending) return;
    const judged = judgeScan({
      code,
      match,
      lines: current.lines,
      counted: countsOf(current),
      index: indexRef.current,
      today,
    });
    const verdict = labelled && judged.kind === 'unrecognised' ? { ...judged, message: labelled } : judged;
    const next = applyVerdict(current, verdict, entry);
    // Written before it is told as counted: what the person saw counted survives a reload or a crash.
    await put(next);
    if (verdict.kind !== 'count') {
      playBad();
      setFeedback({
        tone: 'bad',
        text: verdict.kind === 'stop' ? `${verdict.title}: ${verdict.message}` : verdict.message,
      });
      return;
    }
    playGood();
    setFeedback({ tone: 'good', text: verdict.message });
    if (verifiable(next)) await record('verified', null);
    else if (isComplete(next)) {
      setFeedback({
        tone: 'info',
        text: runWords.awaitingPharmacist(verdict.message),
      });
    }
  }

  return {
    onScan(text: string, barEntry: ScanEntry) {
      const times = keyTimes.takeLast();
      queue.current = queue.current
        .then(() => handleScan(text, times, barEntry))
        .catch((error) => bad(messageOf(error)));
    },
    /** Behind any scan still being judged and saved: the undo takes back what the person saw last. */
    undo() {
      queue.current = queue.current.then(() => {
        const current = get();
        const next = undoLast(current);
        if (next === current) return;
        void put(next);
        setFeedback({ tone: 'info', text: next.scans.at(-1)?.message ?? runWords.undone });
      });
    },
  };
}
