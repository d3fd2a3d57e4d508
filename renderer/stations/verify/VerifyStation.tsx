// Scan to verify: counts scanned products against the order's lines (the route's screen; loads the order and the user).
import { useOrder } from '../../queries/orders.ts';
import { useSession } from '../../queries/session.ts';
import { messageOf } from '../../queries/station.ts';
import { Verification } from './Verification.tsx';

export function VerifyStation({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  const session = useSession();
  const who = session.data?.user?.id ?? session.data?.user?.email ?? null;
  if (order.isPending || who === null) return <p className="muted screen">Loading the order…</p>;
  if (order.isError) {
    return (
      <div className="notice notice-bad screen" role="alert">
        The order could not be opened for verification: {messageOf(order.error)}
      </div>
    );
  }
  return <Verification order={order.data} who={who} />;
}
