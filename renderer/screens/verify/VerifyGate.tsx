// What the verify screen shows instead of counting when the order may not be verified now: past verification
// (read-only, an admin may verify again with a reason), picked by the signed-in person (a pharmacist may override), or
// held for the pharmacist's review.
import { type FormEvent, useId, useState } from 'react';
import type { SignOffInput } from '../../../contract/ipc/sign-off.ts';
import type { LineHold } from '../../../rules/verification/fill-gate.ts';
import { HoldNotice } from '../../clinical/HoldNotice.tsx';
import { formatDateTime } from '../../format/service-values.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import type { OrderView } from '../../queries/orders.ts';
import { SignOffForm } from '../../signoff/SignOffForm.tsx';
import { backToOrder, SHORTCUTS } from './commands.ts';
import type { Picker } from './gate.ts';
import { LineTable } from './LineTable.tsx';
import { orderLines } from './order-lines.ts';
import { EarlierVerifications } from './VerifyOutcome.tsx';
import { verifyWords } from './wording.ts';
import './verify.css';
import { Problem } from '../../forms/Problem.tsx';

function Frame({ order, children }: { order: OrderView; children: React.ReactNode }) {
  const name = order.order_number ?? order.id;
  return (
    <main className="screen verify" aria-labelledby="verify-title">
      <header className="verify-head">
        <h1 id="verify-title">
          {verifyWords.title} <span className="verify-order-number">{name}</span>
        </h1>
        <div className="verify-actions">
          <ActionButton keyLook="bold" shortcut={SHORTCUTS.back} onClick={() => backToOrder(order.id)}>
            {verifyWords.back}
          </ActionButton>
        </div>
      </header>
      {children}
    </main>
  );
}

function ReverifyForm({ onStart }: { onStart: (signOff: SignOffInput) => void }) {
  const id = useId();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (note.trim().length < 3) return setProblem('Say why it is verified again.');
    onStart({ purpose: 'reverify', productId: null, note: note.trim(), confirmationId: null });
  }
  return (
    <form className="card signoff-form" onSubmit={submit} noValidate>
      <h2>{verifyWords.gate.againTitle}</h2>
      <label className="field" htmlFor={`${id}-why`}>
        {verifyWords.gate.why}
      </label>
      <input
        id={`${id}-why`}
        className="signoff-input"
        value={note}
        maxLength={500}
        onChange={(e) => setNote(e.target.value)}
      />
      <Problem text={problem} />
      <button type="submit" className="button">
        {verifyWords.gate.againSubmit}
      </button>
    </form>
  );
}

export function PastVerification({
  order,
  isAdmin,
  onReverify,
}: {
  order: OrderView;
  isAdmin: boolean;
  onReverify: (signOff: SignOffInput) => void;
}) {
  const status = order.status_name ?? order.status ?? verifyWords.gate.pastVerification;
  return (
    <Frame order={order}>
      <p className="notice notice-warn verify-readonly" role="status">
        {verifyWords.gate.readOnly(status)}
        {isAdmin ? verifyWords.gate.adminMay : ''}
      </p>
      <LineTable lines={orderLines(order.products)} counts={new Map()} />
      <EarlierVerifications orderId={order.id} currentId={null} />
      {isAdmin ? <ReverifyForm onStart={onReverify} /> : null}
    </Frame>
  );
}

export function PickedBySameUser({
  order,
  picker,
  onOverride,
}: {
  order: OrderView;
  picker: Picker;
  onOverride: (signOff: SignOffInput) => Promise<string | null>;
}) {
  const when = formatDateTime(picker.at);
  return (
    <Frame order={order}>
      <p className="notice notice-bad verify-refused" role="alert">
        {verifyWords.gate.picked(when)}
      </p>
      <SignOffForm
        title={verifyWords.gate.overrideTitle}
        explanation="The pharmacist confirms that the person who picked this order may verify it, and says why."
        noteLabel="Why the picker may verify"
        submitLabel="Override as pharmacist"
        purpose={{ kind: 'picker_override', orderId: order.id }}
        onConfirmed={(confirmation, note) =>
          onOverride({ purpose: 'picker_override', productId: null, note, confirmationId: confirmation.confirmationId })
        }
      />
    </Frame>
  );
}

/** The order's prescription is not "OK to fill": nothing is counted, and the notice says what holds it. */
export function HeldForReview({ order, holds }: { order: OrderView; holds: readonly LineHold[] }) {
  return (
    <Frame order={order}>
      <HoldNotice holds={holds} />
      <LineTable lines={orderLines(order.products)} counts={new Map()} />
    </Frame>
  );
}
