// "Next prescription" (Alt+Shift+N): the next prescription waiting for a pharmacist's review, from the work queue main
// answers, so a pharmacist works the queue without going back to it. Rendered for pharmacists only (it reads the queue).
import { useCommands } from '../../commands/command-store.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { useWorkQueue } from '../../queries/work-queue.ts';
import { navigate } from '../../state/navigation-store.ts';
import { reviewShortcuts } from './review-commands.ts';
import { reviewWords } from './wording.ts';

export function NextPrescription({ currentId }: { currentId: string }) {
  const queue = useWorkQueue();
  const next = (queue.data?.review ?? []).find((item) => item.prescriptionId !== currentId) ?? null;
  const open = () =>
    next && navigate({ screen: 'prescription', prescriptionId: next.prescriptionId, orderId: next.orderId });
  useCommands([
    {
      id: 'prescription.nextInQueue',
      title: reviewWords.decision.nextPrescription,
      group: 'Prescription',
      shortcut: reviewShortcuts.nextPrescription,
      keywords: 'queue review next waiting',
      enabled: next !== null,
      run: open,
    },
  ]);
  if (!next) return null;
  return (
    <ActionButton keyLook="quiet" shortcut={reviewShortcuts.nextPrescription} onClick={open}>
      {reviewWords.decision.nextPrescription}: {next.drug}
    </ActionButton>
  );
}
