// The order view: one order, read by UUID (the scan bar already cached it, so it paints at once).
import { useOrder } from '../../queries/orders.ts';
import { messageOf } from '../../queries/station.ts';
import { OrderSummary } from './OrderSummary.tsx';

export function OrderView({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  if (order.isPending) return <p className="muted screen">Loading the order…</p>;
  if (order.isError)
    return (
      <div className="notice notice-bad screen" role="alert">
        {messageOf(order.error)}
      </div>
    );
  return (
    <main className="screen" aria-label="Order">
      <OrderSummary order={order.data} />
    </main>
  );
}
