// Illustrative payloads for the sample preview and the sample delivery: the shape of a real event, about no real record.
import { orderStatuses } from '../../../contract/service/orders.ts';
import type { Db } from '../../database/db.ts';
import type { EventCode } from '../../delivery/catalogue.ts';
import { deepLink } from '../../delivery/payloads.ts';

/** Fixed ids, so a preview reads the same every time and a receiver can recognise a sample. */
const SAMPLE_ORDER_ID = '00000000-0000-4000-8000-000000000001';
const SAMPLE_PRESCRIPTION_ID = '00000000-0000-4000-8000-000000000002';

const orderStatusOf: Record<Exclude<EventCode, 'prescription.cancelled'>, string> = {
  'order.created': 'received',
  'order.shipped': 'shipped',
  'order.delivered': 'delivered',
  'order.stuck': 'data_entry',
};

function sampleOrder(db: Db, code: Exclude<EventCode, 'prescription.cancelled'>) {
  const status = orderStatuses.find((s) => s.status === orderStatusOf[code]);
  const shipped = code === 'order.shipped' || code === 'order.delivered';
  return {
    id: SAMPLE_ORDER_ID,
    url: deepLink(db, 'orders', SAMPLE_ORDER_ID),
    order_number: '1000001',
    external_id: 'SAMPLE-1000001',
    first_name: 'Avery',
    last_name: 'Example',
    status: status?.status ?? null,
    status_code: status?.code ?? null,
    status_name: status?.name ?? null,
    ...(shipped
      ? {
          shipment: {
            carrier: 'usps',
            service_level: 'usps_ground_advantage',
            tracking_number: '9400100000000000000000',
            tracking_url: null,
          },
        }
      : {}),
    ...(code === 'order.stuck' ? { stuck_reason: 'too early to fill' } : {}),
    is_sample: true,
  };
}

/** The body a delivery of this event would carry: `{event_code, data}`, with `data.is_sample` true. */
export function samplePayload(db: Db, code: EventCode) {
  if (code === 'prescription.cancelled') {
    return {
      event_code: code,
      data: {
        id: SAMPLE_PRESCRIPTION_ID,
        url: deepLink(db, 'prescriptions', SAMPLE_PRESCRIPTION_ID),
        status: 'cancelled',
        drug_name: 'Lisinopril 10 mg tablet',
        first_name: 'Avery',
        last_name: 'Example',
        order_id: SAMPLE_ORDER_ID,
        order_number: '1000001',
        is_sample: true,
      },
    };
  }
  return { event_code: code, data: sampleOrder(db, code) };
}
