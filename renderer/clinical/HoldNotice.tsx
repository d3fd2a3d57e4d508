// What holds an order's prescription lines (the pharmacist's gate), worded as main words its refusal: shown on the
// order view and instead of counting on the verify screen.
import { holdWords, type LineHold } from '../../contract/rules/verification/fill-gate.ts';

export function HoldNotice({ holds }: { holds: readonly LineHold[] }) {
  if (holds.length === 0) return null;
  const held = holds.some((hold) => hold.state.kind === 'held');
  return (
    <div className="notice notice-bad hold-notice" role="alert">
      <strong>{held ? 'On hold for the pharmacist' : 'Waiting for a pharmacist’s review'}</strong>
      <ul>
        {holds.map((hold) => (
          <li key={`${hold.productId}-${hold.prescriptionId ?? ''}`}>{holdWords(hold)}</li>
        ))}
      </ul>
      <p>No verification and no label until the prescription is reviewed “OK to fill”.</p>
    </div>
  );
}
