// Where the order goes and how: the address, the requested shipping, and each shipment with its tracking page.
import type { Order, Shipment } from '../../../contract/service/orders.ts';
import { formatDateTime } from '../../format/service-values.ts';
import { KeyHint, Panel, PanelNote } from './Panel.tsx';
import { addressLines, carrierName, serviceLevelName, trackingUrlOf } from './shipping.ts';
import { orderWords } from './wording.ts';

export const TRACK_SHORTCUT = 'Alt+S';

/** The shipments, plus the client's own label when no shipment carries its number yet. */
export function shipmentsOf(order: Order): Shipment[] {
  const shipments = order.shipments ?? [];
  const custom = order.custom_shipping;
  if (custom?.tracking_number && !shipments.some((s) => s.tracking_number === custom.tracking_number)) {
    return [
      ...shipments,
      {
        id: `custom-${custom.tracking_number}`,
        carrier: custom.carrier ?? order.shipping?.carrier ?? null,
        tracking_number: custom.tracking_number,
        tracking_url: custom.tracking_url ?? null,
        status: 'label bought by the client',
      },
    ];
  }
  return shipments;
}

function ShipmentLine({
  shipment,
  first,
  onTrack,
}: {
  shipment: Shipment;
  first: boolean;
  onTrack(url: string): void;
}) {
  const url = trackingUrlOf(shipment);
  const carrier = [carrierName(shipment.carrier), serviceLevelName(shipment.service_level)].filter(Boolean).join(' ');
  const sent = formatDateTime(shipment.created_at);
  const delivered = formatDateTime(shipment.delivered_at);
  const status = shipment.status?.replaceAll('_', ' ');
  return (
    <li className="order-shipment">
      <span className="order-shipment-what">
        <strong>{carrier || orderWords.shipping.carrierNotGiven}</strong>
        {status ? <span className="muted"> · {status}</span> : null}
      </span>
      <span className="order-shipment-when muted">
        {[sent ? orderWords.shipping.sent(sent) : null, delivered ? orderWords.shipping.delivered(delivered) : null]
          .filter(Boolean)
          .join(', ')}
      </span>
      {shipment.tracking_number ? <code className="order-tracking">{shipment.tracking_number}</code> : null}
      {url ? (
        <button
          type="button"
          className="button order-link"
          onClick={() => onTrack(url)}
          aria-keyshortcuts={first ? TRACK_SHORTCUT : undefined}
        >
          {orderWords.shipping.track(carrierName(shipment.carrier))}
          {first ? <KeyHint shortcut={TRACK_SHORTCUT} /> : null}
        </button>
      ) : null}
    </li>
  );
}

export function ShippingPanel({
  order,
  onTrack,
  trackingError,
}: {
  order: Order;
  onTrack(url: string): void;
  trackingError: string | null;
}) {
  const lines = addressLines(order.address);
  const shipping = order.shipping;
  const requested = [carrierName(shipping?.carrier), serviceLevelName(shipping?.service_level)]
    .filter(Boolean)
    .join(' ');
  const shipments = shipmentsOf(order);
  const firstTracked = shipments.find((s) => trackingUrlOf(s));
  return (
    <Panel id="order-shipping" title={orderWords.shipping.title}>
      <dl className="order-facts">
        <dt>{orderWords.shipping.shipTo}</dt>
        <dd>
          {lines.length ? (
            <address className="order-address">
              {lines.map((line) => (
                <span key={line}>{line}</span>
              ))}
            </address>
          ) : (
            <span className="muted">{orderWords.shipping.noAddress}</span>
          )}
        </dd>
        <dt>{orderWords.shipping.requested}</dt>
        <dd>{requested || <span className="muted">{orderWords.shipping.noCarrier}</span>}</dd>
        {shipping?.signature_confirmation ? (
          <>
            <dt>{orderWords.shipping.signature}</dt>
            <dd>{shipping.signature_confirmation.replaceAll('_', ' ')}</dd>
          </>
        ) : null}
      </dl>
      {shipments.length === 0 ? (
        <PanelNote>{orderWords.shipping.notShipped}</PanelNote>
      ) : (
        <ul className="order-shipments" aria-label={orderWords.shipping.shipments}>
          {shipments.map((shipment) => (
            <ShipmentLine key={shipment.id} shipment={shipment} first={shipment === firstTracked} onTrack={onTrack} />
          ))}
        </ul>
      )}
      {trackingError ? (
        <p className="notice notice-bad" role="alert">
          {trackingError}
        </p>
      ) : null}
    </Panel>
  );
}
