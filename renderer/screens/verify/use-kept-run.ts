// The run of one person on one order as main holds it: verify:start reads the order in main and starts the run, or
// resumes the one main kept (a reload, a crash, a restart); every answer of main replaces what the screen shows. A start
// main refused (the order ships to a state the pharmacy is not licensed in, …) is kept as its reason: no run, no scan.
import { useMemo, useState } from 'react';
import type { SignOffInput } from '../../../contract/ipc/sign-off.ts';
import type { VerifyRunView } from '../../../contract/ipc/verify-runs.ts';
import { newRun, type VerifyRun } from '../../../rules/verification/run.ts';
import type { OrderView } from '../../queries/orders.ts';
import { messageOf } from '../../queries/station.ts';
import { startRun } from '../../queries/verify-runs.ts';
import { orderLines } from './order-lines.ts';
import type { RunFeedback } from './run-feedback.ts';
import { runKeyOf, useRunStore } from './run-store.ts';
import { runWords } from './wording.ts';

export function useKeptRun(
  order: OrderView,
  who: string,
  { setFeedback }: Pick<RunFeedback, 'setFeedback'>,
  baseSignOffs: readonly SignOffInput[],
) {
  const key = runKeyOf(who, order.id);
  // Until main answers, the order's lines as the rules read them, nothing counted.
  const blank: VerifyRunView = useMemo(
    () => ({
      orderId: order.id,
      run: newRun(orderLines(order.products)),
      signOffs: [],
      offline: false,
      said: null,
      finalCheckNeeded: null,
    }),
    [order.id, order.products],
  );
  const view = useRunStore((state) => state.runs[key]) ?? blank;
  const put = (next: VerifyRunView) => useRunStore.getState().put(key, next);
  /** Why main refused to start the run, in its words; null while it starts or once it started. */
  const [refused, setRefused] = useState<string | null>(null);
  const start = () =>
    startRun({ orderId: order.id, signOffs: [...baseSignOffs] }).then(
      (started) => {
        setRefused(null);
        put(started);
        if (started.run.scans.length > 0 && !started.run.recorded) {
          setFeedback({ tone: 'info', text: runWords.resumed(started.run.scans.length) });
        }
      },
      (error) => setRefused(messageOf(error)),
    );
  // Main's run comes first; scans wait in the queue behind it.
  const [restoring] = useState(start);

  const getView = (): VerifyRunView => useRunStore.getState().runs[key] ?? blank;
  const get = (): VerifyRun => getView().run;
  /** A change only the screen holds until main's next answer (a task queued for the stop waiting). */
  const keepLocally = (run: VerifyRun) => put({ ...getView(), run });
  return { lines: view.run.lines, run: view.run, view, refused, restoring, get, put, keepLocally, start };
}

export type KeptRun = ReturnType<typeof useKeptRun>;
