// The scan loop: each scan's text sent whole, with how it was entered, to main, which reads it, judges it, keeps
// it and answers its run; the screen paints that answer. One at a time behind the run being started; undo in the queue.
import { useRef } from 'react';
import { codeKeysOf } from '../../../rules/verification/codes/scanned-code.ts';
import { playBad, playGood } from '../../feedback/sounds.ts';
import { messageOf } from '../../queries/station.ts';
import { scanIntoRun, undoLastScan } from '../../queries/verify-runs.ts';
import { SCAN_FIELD_ID } from '../../scan/focus.ts';
import type { ScanEntry } from '../../state/scan-store.ts';
import { entryMethodOf } from './entry-method.ts';
import { useKeyTimes } from './key-times.ts';
import type { RunFeedback } from './run-feedback.ts';
import type { KeptRun } from './use-kept-run.ts';
import type { RunAudit } from './use-run-audit.ts';

export function useScanLoop(
  orderId: string,
  { get, restoring }: Pick<KeptRun, 'get' | 'restoring'>,
  { bad }: Pick<RunFeedback, 'bad'>,
  { told }: Pick<RunAudit, 'told'>,
) {
  const keyTimes = useKeyTimes(SCAN_FIELD_ID);
  const queue = useRef<Promise<void>>(restoring);

  async function handleScan(text: string, times: number[], barEntry: ScanEntry): Promise<void> {
    // A scan while a stop is open goes to main too: it keeps it behind the stop (never the stop's answer).
    if (get().recorded) return;
    // The scan field's word (its marks, or the whole code a burst) stands; else the code after a typed count may be one.
    const entry = barEntry === 'scanner' ? 'scanner' : entryMethodOf(times, codeKeysOf(text).length);
    // The text goes whole: main reads the count and the code, and refuses a text that is no code with the rule's words.
    const view = await scanIntoRun({ orderId, text, entry });
    if (view.said?.tone === 'good') playGood();
    else if (view.said?.tone === 'bad') playBad();
    told(view);
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
      queue.current = queue.current
        .then(async () => {
          const current = get();
          if (current.recorded || current.pending) return;
          told(await undoLastScan({ orderId }));
        })
        .catch((error) => bad(messageOf(error)));
    },
  };
}
