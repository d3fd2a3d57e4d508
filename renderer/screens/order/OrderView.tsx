// The order view: the order's header paints at once from the cache (the scan bar put it there); the panels mount just
// after that first paint, and each loads on its own.
import { useState } from 'react';
import type { Order } from '../../../contract/service/orders.ts';
import { pastFilling } from '../../../rules/verification/order-standing.ts';
import { unlicensedShipTo } from '../../../rules/verification/ship-to-licence.ts';
import { HoldNotice } from '../../clinical/HoldNotice.tsx';
import { OrderDocuments } from '../../documents/OrderDocuments.tsx';
import { useLinkedTasks, useOrderEventRefresh } from '../../queries/order-detail.ts';
import { useOrder } from '../../queries/orders.ts';
import { usePrescriptionHolds } from '../../queries/prescription-holds.ts';
import { useSession } from '../../queries/session.ts';
import { messageOf } from '../../queries/station.ts';
import { useWorkstationSettings } from '../../queries/workstation-settings.ts';
import { StaleNote } from '../../widgets/StaleNote.tsx';
import { useAfterFirstPaint } from './after-first-paint.ts';
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
import { orderWords } from './wording.ts';
import './order.css';

function OrderCard({ order, orderId }: { order: Order; orderId: string }) {
  const userId = useSession().data?.user?.id ?? 'signed-in';
  // The header and the action bar paint first; the panels (and their reads) follow in the next frames.
  const panels = useAfterFirstPaint();
  // The pharmacist's gate, read with the panels: what holds the order, and its prescriptions (their tasks concern it).
  const gate = usePrescriptionHolds(panels ? order.id : null);
  const linked = useLinkedTasks(order.id, panels);
  const linkedTasks = linked.data?.tasks ?? [];
  const [trackingError, setTrackingError] = useState<string | null>(null);
  const onTrack = (url: string) => {
    setTrackingError(null);
    void openTrackingPage(url).then(setTrackingError);
  };
  const actions = orderActions({ order, userId, linkedTasks, onTrack });
  useOrderCommands(actions, linkedTasks);
  useOrderEventRefresh(order);
  // The pharmacy's licence in the ship-to state, shown before anyone presses Verify (main refuses the run by it).
  const licensedStates = useWorkstationSettings().data?.licensedStates ?? [];
  const unlicensed = unlicensedShipTo(order, licensedStates);

  return (
    <article className="card order-card" aria-labelledby="order-title">
      <OrderHeader order={order} />
      {panels ? <VerifiedHere orderId={order.id} /> : null}
      {panels && !gate.pending && !pastFilling(order) ? <HoldNotice holds={gate.holds} tasks={linkedTasks} /> : null}
      {unlicensed && !pastFilling(order) ? (
        <div className="notice notice-bad ship-to-notice" role="alert">
          {unlicensed}
        </div>
      ) : null}
      <OrderActions actions={actions} />
      {panels ? (
        <OrderPanels
          order={order}
          orderId={orderId}
          userId={userId}
          linked={linked}
          onTrack={onTrack}
          trackingError={trackingError}
        />
      ) : null}
    </article>
  );
}

function OrderPanels({
  order,
  orderId,
  userId,
  linked,
  onTrack,
  trackingError,
}: {
  order: Order;
  orderId: string;
  userId: string;
  linked: ReturnType<typeof useLinkedTasks>;
  onTrack(url: string): void;
  trackingError: string | null;
}) {
  return (
    <div className="order-grid">
      <div className="order-column">
        <PatientPanel patient={order.patient} />
        <ProductsPanel products={order.products} />
        <PrescriptionsPanel ids={order.electronic_prescription_ids ?? []} orderId={order.id} />
        <TasksPanel linked={linked} />
      </div>
      <div className="order-column">
        <OrderDocuments order={order} />
        <TimelinePanel orderId={order.id} />
        <RequestsPanel order={order} orderId={orderId} userId={userId} />
        <ShippingPanel order={order} onTrack={onTrack} trackingError={trackingError} />
      </div>
    </div>
  );
}

export function OrderView({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  return (
    <main className="screen order-screen" aria-label={orderWords.screen}>
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
        <p className="muted">{orderWords.reading}</p>
      )}
    </main>
  );
}
