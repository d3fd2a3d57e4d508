// Scan to verify: counts scanned products against the order's lines (the route's screen; loads the order and the user).
// Before counting it asks whether this person may verify this order now (gate.ts): past verification opens read-only;
// the person the status history names as the picker is refused unless a pharmacist overrides; a prescription not
// reviewed "OK to fill" holds the order (the pharmacist's gate).
import { useState } from 'react';
import type { SignOffInput } from '../../../contract/ipc/sign-off.ts';
import { useStatusHistory } from '../../queries/order-detail.ts';
import { useOrder } from '../../queries/orders.ts';
import { usePrescriptionHolds } from '../../queries/prescription-holds.ts';
import { sessionMay, useSession } from '../../queries/session.ts';
import { messageOf } from '../../queries/station.ts';
import { GatedScans } from './GatedScans.tsx';
import { isPastVerification, pickerOf } from './gate.ts';
import { OrderChangedBanner, useOrderInterruption } from './OrderChangedBanner.tsx';
import { Verification } from './Verification.tsx';
import { HeldForReview, PastVerification, PickedBySameUser } from './VerifyGate.tsx';
import { verifyWords } from './wording.ts';

/** The verify screen, with the banner of an order that changed at the service under it above whatever it shows. */
export function VerifyScreen({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  const interruption = useOrderInterruption(order.data?.id ?? orderId);
  const screen = <VerifyScreenBody orderId={orderId} interrupted={interruption !== null} />;
  if (!interruption) return screen;
  return (
    <>
      <OrderChangedBanner interruption={interruption} />
      {screen}
    </>
  );
}

function VerifyScreenBody({ orderId, interrupted }: { orderId: string; interrupted: boolean }) {
  const order = useOrder(orderId);
  const session = useSession();
  const history = useStatusHistory(order.data?.id ?? orderId);
  const gate = usePrescriptionHolds(order.data?.id);
  const [signOffs, setSignOffs] = useState<SignOffInput[]>([]);
  const who = session.data?.user?.id ?? session.data?.user?.email ?? null;
  if (order.isPending || who === null) return <p className="muted screen">{verifyWords.loading}</p>;
  if (order.isError) {
    return (
      <div className="notice notice-bad screen" role="alert">
        {verifyWords.notOpened}
        {messageOf(order.error)}
      </div>
    );
  }
  const given = new Set(signOffs.map((signOff) => signOff.purpose));
  const orderName = order.data.order_number ?? order.data.id;
  if (isPastVerification(order.data.status) && !given.has('reverify')) {
    return (
      <GatedScans orderName={orderName}>
        <PastVerification
          order={order.data}
          isAdmin={sessionMay(session.data, 'reverify')}
          onReverify={(signOff) => setSignOffs((all) => [...all, signOff])}
        />
      </GatedScans>
    );
  }
  // Offline or unreadable history: the rule cannot read a picker, so it does not hold the order back.
  if (history.isPending && !history.isError) return <p className="muted screen">{verifyWords.readingHistory}</p>;
  const picker = pickerOf(history.data);
  if (picker && picker.id === session.data?.user?.id && !given.has('picker_override')) {
    return (
      <GatedScans orderName={orderName}>
        <PickedBySameUser
          order={order.data}
          picker={picker}
          onOverride={async (signOff) => {
            setSignOffs((all) => [...all, signOff]);
            return null;
          }}
        />
      </GatedScans>
    );
  }
  // The pharmacist's gate (main refuses by the same rule): nothing is counted before "OK to fill".
  if (gate.pending) return <p className="muted screen">{verifyWords.readingReviews}</p>;
  if (gate.error) {
    return (
      <div className="notice notice-bad screen" role="alert">
        {verifyWords.gateUnread(messageOf(gate.error))}
      </div>
    );
  }
  if (gate.holds.length > 0) {
    return (
      <GatedScans orderName={orderName}>
        <HeldForReview order={order.data} holds={gate.holds} />
      </GatedScans>
    );
  }
  return (
    <Verification key={signOffs.length} order={order.data} who={who} signOffs={signOffs} interrupted={interrupted} />
  );
}
