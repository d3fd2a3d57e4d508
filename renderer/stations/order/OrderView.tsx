// The order view: the order paints at once from the cache (the scan bar put it there); every panel loads after it.
import { useState } from 'react';
import type { Order } from '../../../contract/service/orders.ts';
import { StaleNote } from '../../app/StaleNote.tsx';
import { useLinkedTasks, useOrderEventRefresh } from '../../queries/order-detail.ts';
import { useOrder } from '../../queries/orders.ts';
import { useSession } from '../../queries/session.ts';
import { messageOf } from '../../queries/station.ts';
import { OrderActions } from './OrderActions.tsx';
import { OrderHeader } from './OrderHeader.tsx';
import { orderActions, useOrderCommands } from './order-actions.ts';
import { PatientPanel } from './PatientPanel.tsx';
import { PrescriptionsPanel } from './PrescriptionsPanel.tsx';
import { ProductsPanel } from './ProductsPanel.tsx';
import { RequestsPanel } from './RequestsPanel.tsx';
import { ShippingPanel } from './ShippingPanel.tsx';
import { TasksPanel } from './TasksPanel.tsx';
import { TimelinePanel } from './TimelinePanel.tsx';
import { openTrackingPage } from './tracking.ts';
import { VerifiedHere } from './VerifiedHere.tsx';
import './order.css';

function OrderCard({ order, orderId }: { order: Order; orderId: string }) {
  const userId = useSession().data?.user?.id ?? 'signed-in';
  const linked = useLinkedTasks(order.id);
  const linkedTasks = linked.data?.tasks ?? [];
  const [trackingError, setTrackingError] = useState<string | null>(null);
  const onTrack = (url: string) => {
    setTrackingError(null);
    void openTrackingPage(url).then(setTrackingError);
  };
  const actions = orderActions({ order, userId, linkedTasks, onTrack });
  useOrderCommands(actions, linkedTasks);
  useOrderEventRefresh(order);

  return (
    <article className="card order-card" aria-labelledby="order-title">
      <OrderHeader order={order} />
      <VerifiedHere orderId={order.id} />
      <OrderActions actions={actions} />
      <div className="order-grid">
        <div className="order-column">
          <PatientPanel patient={order.patient} />
          <ProductsPanel products={order.products} />
          <PrescriptionsPanel ids={order.electronic_prescription_ids ?? []} orderId={order.id} />
          <TasksPanel linked={linked} />
        </div>
        <div className="order-column">
          <TimelinePanel orderId={order.id} />
          <RequestsPanel order={order} orderId={orderId} userId={userId} />
          <ShippingPanel order={order} onTrack={onTrack} trackingError={trackingError} />
        </div>
      </div>
    </article>
  );
}

export function OrderView({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  return (
    <main className="screen order-screen" aria-label="Order">
      {order.data ? (
        <>
          {/* Read earlier and not refreshed (the service is unreachable): still readable, marked as such. */}
          <StaleNote updatedAt={order.dataUpdatedAt} refreshFailed={order.isRefetchError} />
          <OrderCard order={order.data} orderId={orderId} />
        </>
      ) : order.isError ? (
        <div className="notice notice-bad" role="alert">
          {messageOf(order.error)}
        </div>
      ) : (
        <p className="muted">Reading the order…</p>
      )}
    </main>
  );
}
