// What holds an order's prescription lines (the pharmacist's gate), worded as main words its refusal: shown on the
// order view and instead of counting on the verify screen.
import { holdWords, type LineHold } from '../../rules/verification/fill-gate.ts';

/** A task the screen read, to name a hold's task as it was queued (linked to the held prescription). */
interface TaskSeen {
  name?: string | null;
  prescription_id?: string | null;
}

function taskNameOf(hold: LineHold, tasks: readonly TaskSeen[]): string | null {
  if (hold.state.kind !== 'held' || !hold.prescriptionId) return null;
  const linked = tasks.filter((task) => task.prescription_id === hold.prescriptionId && task.name);
  return linked[0]?.name ?? null; // the service lists the newest first
}

export function HoldNotice({ holds, tasks = [] }: { holds: readonly LineHold[]; tasks?: readonly TaskSeen[] }) {
  if (holds.length === 0) return null;
  const held = holds.some((hold) => hold.state.kind === 'held');
  // A prescription cancelled at the service waits for nobody: no review lets it be filled.
  const cancelled = holds.every((hold) => hold.state.kind === 'cancelled');
  const title = cancelled
    ? 'Prescription cancelled'
    : held
      ? 'On hold for the pharmacist'
      : 'Waiting for a pharmacist’s review';
  return (
    <div className="notice notice-bad hold-notice" role="alert">
      <strong>{title}</strong>
      <ul>
        {holds.map((hold) => (
          <li key={`${hold.productId}-${hold.prescriptionId ?? ''}`}>{holdWords(hold, taskNameOf(hold, tasks))}</li>
        ))}
      </ul>
      <p>
        {cancelled
          ? 'No verification and no label: a cancelled prescription is not filled, whatever its review says.'
          : 'No verification and no label until the prescription is reviewed “OK to fill”.'}
      </p>
    </div>
  );
}
