// The verify screen's commands: each with a shortcut, listed in the Ctrl+K palette while the screen is open.

import { isComplete, lastUndoable, problemsOf } from '../../../rules/verification/run.ts';
import { type Command, useCommands } from '../../commands/command-store.ts';
import { useNavigationStore } from '../../state/navigation-store.ts';
import type { Verification } from './use-verification.ts';

export const SHORTCUTS = {
  back: 'Escape',
  undo: 'Alt+U',
  discrepancy: 'Alt+D',
  end: 'Alt+E',
  again: 'Alt+N',
  retry: 'Alt+S',
} as const;

/** Back to this order: the way it came when it came from there, else straight to it. */
export function backToOrder(orderId: string): void {
  const navigation = useNavigationStore.getState();
  const previous = navigation.history.at(-1);
  if (previous?.screen === 'order' && previous.orderId === orderId) navigation.back();
  else navigation.navigate({ screen: 'order', orderId });
}

export function discrepancyTitle(recorded: boolean): string {
  return recorded ? 'Report the stops as a discrepancy task' : 'End with a discrepancy task';
}

export function useVerifyCommands(verification: Verification, orderId: string): void {
  const { run, busy, recordFailed } = verification;
  const recorded = run.recorded !== null;
  const problems = problemsOf(run);
  const hasProblems = problems.short.length > 0 || problems.stops.length > 0;
  const commands: Command[] = [
    {
      id: 'verify.back',
      title: 'Back to the order',
      group: 'Verify',
      shortcut: SHORTCUTS.back,
      run: () => backToOrder(orderId),
    },
    {
      id: 'verify.undo',
      title: 'Undo the last scan',
      group: 'Verify',
      shortcut: SHORTCUTS.undo,
      enabled: !recorded && lastUndoable(run) !== null,
      run: verification.undo,
    },
    {
      id: 'verify.discrepancy',
      title: discrepancyTitle(recorded),
      group: 'Verify',
      shortcut: SHORTCUTS.discrepancy,
      keywords: 'task problem short missing stop',
      enabled: hasProblems && busy === null,
      run: () => void verification.reportDiscrepancy(),
    },
    {
      id: 'verify.end',
      title: 'End incomplete, recording a discrepancy',
      group: 'Verify',
      shortcut: SHORTCUTS.end,
      keywords: 'finish short missing',
      enabled: !recorded && !isComplete(run) && busy === null,
      run: verification.endIncomplete,
    },
    {
      id: 'verify.again',
      title: 'Verify this order again',
      group: 'Verify',
      shortcut: SHORTCUTS.again,
      enabled: recorded,
      run: verification.again,
    },
    {
      id: 'verify.retry',
      title: 'Record the verification again',
      group: 'Verify',
      shortcut: SHORTCUTS.retry,
      enabled: recordFailed !== null && busy === null,
      run: verification.retryRecord,
    },
  ];
  useCommands(commands);
}
