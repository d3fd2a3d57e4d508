// The run of one person on one order as the screen keeps it: in memory (the run store) and on this station's disk
// (saved-run.ts) at every step, in order; the run kept from before (a reload or a restart) comes back first.
import { useMemo, useRef, useState } from 'react';
import { newRun, type VerifyRun } from '../../../contract/rules/verification/run.ts';
import type { OrderView } from '../../queries/orders.ts';
import { messageOf } from '../../queries/station.ts';
import { orderLines } from './order-lines.ts';
import type { RunFeedback } from './run-feedback.ts';
import { runKeyOf, useRunStore } from './run-store.ts';
import { restoreRun, saveRun } from './saved-run.ts';
import { runWords } from './wording.ts';

export function useKeptRun(order: OrderView, who: string, { setFeedback, bad }: RunFeedback) {
  const key = runKeyOf(who, order.id);
  const lines = useMemo(() => orderLines(order.products), [order.products]);
  const blank = useMemo(() => newRun(lines), [lines]);
  const run = useRunStore((state) => state.runs[key]) ?? blank;
  // The run kept on this station comes back first (a reload or a restart); scans wait in the queue behind it.
  const [restoring] = useState(() =>
    restoreRun(key, order.id).then(
      (scans) => {
        if (scans !== null) {
          setFeedback({ tone: 'info', text: runWords.resumed(scans) });
        }
      },
      (error) => setFeedback({ tone: 'bad', text: runWords.notRead(messageOf(error)) }),
    ),
  );
  const saving = useRef<Promise<unknown>>(Promise.resolve());

  const get = (): VerifyRun => useRunStore.getState().runs[key] ?? blank;
  /** Keeps the run in memory and on this station's disk, in order; resolves once it is written. */
  const put = (next: VerifyRun): Promise<void> => {
    useRunStore.getState().put(key, next);
    const written = saving.current.then(() => saveRun(order.id, next));
    saving.current = written.catch(() => undefined);
    return written.then(
      () => undefined,
      (error) => bad(runWords.notSaved(messageOf(error))),
    );
  };
  return { lines, run, restoring, get, put };
}

export type KeptRun = ReturnType<typeof useKeptRun>;
