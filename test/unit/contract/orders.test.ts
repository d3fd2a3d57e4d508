// The order contract accepts what the service sends (spec and real-service variants) and refuses bad requests.
import { describe, expect, it } from 'vitest';
import {
  cancellationRequestBody,
  order,
  orderCreateBody,
  orderStatuses,
  ordersOperations,
  orderUpdateBody,
  replacementRequestBody,
} from '../../../contract/service/orders.ts';

const orderId = '5f0c8a4e-1b2c-4d3e-8f90-123456789abc';
const patientId = '0b6d1f9a-2c3e-4f50-9a1b-2c3d4e5f6a7b';

/** An order written from the spec's Order table. */
const specOrder = {
  id: orderId,
  created_at: '2025-03-16T22:55:37Z',
  updated_at: '2025-03-16T23:01:02Z',
  order_number: 'ORD-1001',
  external_id: 'clinic-42',
  customer_id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
  status: 'received',
  paused_until: '2025-03-20T09:00:00',
  address: {
    id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
    address_1: '1 Example Way',
    address_2: 'Unit 2',
    city: 'Springfield',
    state: 'IL',
    zip_code: '62701',
    country: 'US',
    type: 'shipping',
  },
  custom_shipping: {
    label_url: 'https://labels.example/1.pdf',
    tracking_number: '1Z999',
    tracking_url: null,
    carrier: 'ups',
  },
  shipping: { carrier: 'usps', service_level: 'usps_ground_advantage', signature_confirmation: 'none' },
  shipments: [
    {
      id: 'c0ffee00-0000-4000-8000-000000000001',
      created_at: '2025-03-17T10:00:00Z',
      delivered_at: null,
      carrier: 'usps',
      service_level: 'usps_ground_advantage',
      status: 'shipped',
      tracking_number: '9400100000000000000000',
      tracking_url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
    },
  ],
  patient: { id: patientId, first_name: 'Avery', last_name: 'Example', date_of_birth: '1980-01-31' },
  prescription_count: 1,
  priority_requested: false,
  cancellation_requested: false,
  is_replacement: false,
  original_order_id: null,
  replacement_order_ids: [],
  replacement_reason: null,
  replacement_requested: false,
  replacement_request_status: null,
  replacement_requested_at: null,
  replacement_requested_reason: null,
  products: {
    prescription: [
      {
        id: 'd1000000-0000-4000-8000-000000000001',
        sku: 'RX-ATOR-10',
        name: 'Atorvastatin 10 mg',
        product_code: '00000-0000-00',
        form: 'tablet',
        is_active: true,
        strength: '10 mg',
        has_prescription: true,
        quantity: 30,
        reasons: [{ id: 'r1', name: 'Too early to fill', description: 'The last fill was recent' }],
      },
    ],
    non_prescription: [{ id: 'd2000000-0000-4000-8000-000000000001', name: 'Pill organiser', quantity: 1 }],
    order_material: [{ id: 'd3000000-0000-4000-8000-000000000001', name: 'Small box', current_stock: 40, quantity: 1 }],
  },
  electronic_prescription_ids: ['e1000000-0000-4000-8000-000000000001'],
};

describe('the order response', () => {
  it('accepts an order written from the spec table', () => {
    const parsed = order.parse(specOrder);
    expect(parsed.status).toBe('received');
    expect(parsed.products?.prescription?.[0]?.quantity).toBe(30);
  });

  it('normalises the real service’s title-case statuses to the spec’s snake case', () => {
    expect(
      order.parse({ ...specOrder, status: 'Data Entry', status_code: 'P01', status_name: 'Data Entry' }).status,
    ).toBe('data_entry');
    expect(order.parse({ ...specOrder, status: 'Received' }).status).toBe('received');
  });

  it('accepts timestamps with Z, with no zone and with microseconds', () => {
    const parsed = order.safeParse({
      ...specOrder,
      created_at: '2025-03-16T22:55:37.920593',
      updated_at: '2025-03-16T22:55:37Z',
    });
    expect(parsed.success).toBe(true);
  });

  it('keeps fields it does not know, including the real service’s product extras', () => {
    const parsed = order.parse({
      ...specOrder,
      stuck_reason: 'too early to fill',
      products: {
        prescription: [{ id: 'p1', is_controlled_substance: true, formula_id: 'F-1', price: '12.50', quantity: 1 }],
      },
    });
    expect((parsed as Record<string, unknown>).stuck_reason).toBe('too early to fill');
    expect(parsed.products?.prescription?.[0]?.price).toBe(12.5);
    expect(parsed.products?.prescription?.[0]?.is_controlled_substance).toBe(true);
  });

  it('accepts nulls and missing fields, but not an order without its identity (id and order number)', () => {
    const identity = { id: orderId, order_number: 'ORD250312003548IAU4' };
    expect(order.safeParse({ ...identity, status: null, patient: null, products: null }).success).toBe(true);
    expect(order.safeParse({ status: 'received' }).success).toBe(false);
    expect(order.safeParse({ id: orderId, status: 'received' }).success).toBe(false);
  });
});

describe('the order status table', () => {
  it('keeps the real service’s codes for received, data entry and shipped', () => {
    const code = (status: string) => orderStatuses.find((s) => s.status === status)?.code;
    expect([code('received'), code('data_entry'), code('shipped')]).toEqual(['N01', 'P01', 'S01']);
  });

  it('covers every status the spec has seen, with unique statuses and codes', () => {
    const statuses = orderStatuses.map((s) => s.status);
    expect(statuses).toEqual(expect.arrayContaining(['received', 'data_entry', 'picked', 'verified', 'shipped']));
    expect(new Set(statuses).size).toBe(statuses.length);
    expect(new Set(orderStatuses.map((s) => s.code)).size).toBe(orderStatuses.length);
  });

  it('names each status so that normalising the name gives the status', () => {
    for (const s of orderStatuses) expect(s.name.toLowerCase().replace(/\s+/g, '_')).toBe(s.status);
  });
});

describe('the order list query', () => {
  const query = ordersOperations.list.query;

  it('takes page numbers and flags as they arrive from a URL', () => {
    expect(
      query.parse({ page: '2', page_size: '50', status: 'received,data_entry', has_unmatched_prescriptions: 'true' }),
    ).toEqual({
      page: 2,
      page_size: 50,
      status: 'received,data_entry',
      has_unmatched_prescriptions: true,
    });
  });

  it('refuses a status list that is not a comma-separated list of statuses, and unknown filters', () => {
    expect(query.safeParse({ status: 'received; drop table' }).success).toBe(false);
    expect(query.safeParse({ status: 'received,' }).success).toBe(false);
    expect(query.safeParse({ customer_id: 'x' }).success).toBe(false);
    expect(query.safeParse({ page: '0' }).success).toBe(false);
  });
});

describe('creating an order', () => {
  const line = { sku: 'RX-ATOR-10', quantity: 30 };

  it('accepts a patient by id, by external id, or as new data', () => {
    expect(orderCreateBody.safeParse({ patient_id: patientId, products: { prescription: [line] } }).success).toBe(true);
    expect(
      orderCreateBody.safeParse({ patient: { external_id: 'clinic-7' }, products: { prescription: [line] } }).success,
    ).toBe(true);
    const newPatient = { first_name: 'Avery', last_name: 'Example', date_of_birth: '1980-01-31' };
    expect(orderCreateBody.safeParse({ patient: newPatient, electronic_prescription_ids: [orderId] }).success).toBe(
      true,
    );
  });

  it('accepts shipping, custom shipping, an address and an external id', () => {
    const body = {
      patient_id: patientId,
      products: {
        non_prescription: [{ id: orderId, quantity: 1 }],
        order_material: [{ product_code: 'BOX-S', quantity: 1 }],
      },
      address: { address_1: '1 Example Way', city: 'Springfield', state: 'IL', zip_code: '62701' },
      shipping: { carrier: 'ups', service_level: 'ups_ground' },
      custom_shipping: { label_url: 'https://labels.example/1.pdf', tracking_number: '1Z999' },
      external_id: 'clinic-42',
    };
    expect(orderCreateBody.safeParse(body).success).toBe(true);
  });

  it('refuses an order with no patient, or with both a patient id and a patient', () => {
    expect(orderCreateBody.safeParse({ products: { prescription: [line] } }).success).toBe(false);
    expect(
      orderCreateBody.safeParse({
        patient_id: patientId,
        patient: { id: patientId },
        products: { prescription: [line] },
      }).success,
    ).toBe(false);
  });

  it('refuses an order with nothing to fill', () => {
    expect(orderCreateBody.safeParse({ patient_id: patientId }).success).toBe(false);
    expect(orderCreateBody.safeParse({ patient_id: patientId, products: { prescription: [] } }).success).toBe(false);
  });

  it('refuses product lines that name the product twice, or a quantity that is not a whole positive number', () => {
    const order = (l: object) =>
      orderCreateBody.safeParse({ patient_id: patientId, products: { prescription: [l] } }).success;
    expect(order({ sku: 'A', id: orderId, quantity: 1 })).toBe(false);
    expect(order({ quantity: 1 })).toBe(false);
    expect(order({ sku: 'A', quantity: 0 })).toBe(false);
    expect(order({ sku: 'A', quantity: 1.5 })).toBe(false);
    expect(order({ sku: 'A', quantity: '3' })).toBe(false);
  });

  it('refuses a service level of another carrier and an unknown carrier', () => {
    const base = { patient_id: patientId, products: { prescription: [line] } };
    expect(
      orderCreateBody.safeParse({ ...base, shipping: { carrier: 'usps', service_level: 'ups_ground' } }).success,
    ).toBe(false);
    expect(orderCreateBody.safeParse({ ...base, shipping: { carrier: 'fedex' } }).success).toBe(false);
    expect(
      orderCreateBody.safeParse({ ...base, shipping: { carrier: 'usps', service_level: 'next_day' } }).success,
    ).toBe(true);
  });

  it('refuses unknown keys, script URLs and hostile sizes', () => {
    const base = { patient_id: patientId, products: { prescription: [line] } };
    expect(orderCreateBody.safeParse({ ...base, status: 'shipped' }).success).toBe(false);
    expect(orderCreateBody.safeParse({ ...base, custom_shipping: { label_url: 'javascript:alert(1)' } }).success).toBe(
      false,
    );
    expect(orderCreateBody.safeParse({ ...base, external_id: 'x'.repeat(201) }).success).toBe(false);
    const many = Array.from({ length: 101 }, () => line);
    expect(orderCreateBody.safeParse({ patient_id: patientId, products: { prescription: many } }).success).toBe(false);
  });
});

describe('changing an order', () => {
  it('updates only address, external id, shipping and custom shipping, at least one of them', () => {
    expect(orderUpdateBody.safeParse({ external_id: 'clinic-43' }).success).toBe(true);
    expect(orderUpdateBody.safeParse({}).success).toBe(false);
    expect(orderUpdateBody.safeParse({ status: 'shipped' }).success).toBe(false);
    expect(orderUpdateBody.safeParse({ products: {} }).success).toBe(false);
  });

  it('asks for a reason when requesting a cancellation or a replacement', () => {
    expect(cancellationRequestBody.safeParse({ comments: 'Patient moved away' }).success).toBe(true);
    expect(cancellationRequestBody.safeParse({ comments: '   ' }).success).toBe(false);
    expect(cancellationRequestBody.safeParse({ comments: 'x'.repeat(5001) }).success).toBe(false);
    expect(replacementRequestBody.safeParse({ reason: 'Package damaged' }).success).toBe(true);
    expect(replacementRequestBody.safeParse({}).success).toBe(false);
    expect(replacementRequestBody.safeParse({ reason: 'Lost', rush: true }).success).toBe(false);
  });
});

describe('every order operation', () => {
  const replaced = {
    ...specOrder,
    replacement_requested: true,
    replacement_request_status: 'Pending',
    replacement_requested_at: '2025-03-18T08:00:00.123456',
    replacement_requested_reason: 'Package damaged',
  };
  const examples: Record<keyof typeof ordersOperations, unknown> = {
    list: [specOrder, { ...specOrder, id: patientId, status: 'Data Entry' }],
    get: specOrder,
    create: specOrder,
    update: specOrder,
    statusHistory: [
      {
        status_code: 'N01',
        status_name: 'Received',
        updated_at: '2025-03-16T22:55:37.920593',
        updated_by: '7e000000-0000-4000-8000-000000000001',
        updated_by_first_name: 'Riley',
        updated_by_last_name: 'Sample',
        duration: '00:05:12',
      },
    ],
    unpause: specOrder,
    requestCancellation: { ...specOrder, cancellation_requested: true },
    requestReplacement: replaced,
  };

  it('has a response schema that accepts a realistic answer', () => {
    for (const [verb, op] of Object.entries(ordersOperations)) {
      const result = op.response.safeParse(examples[verb as keyof typeof ordersOperations]);
      expect([verb, result.success]).toEqual([verb, true]);
    }
  });

  it('reports a requested replacement with its status normalised', () => {
    expect(ordersOperations.requestReplacement.response.parse(replaced).replacement_request_status).toBe('pending');
  });

  it('takes an order number or external id as the order in the path', () => {
    expect(ordersOperations.get.params.safeParse({ order_id: 'ORD-1001' }).success).toBe(true);
    expect(ordersOperations.get.params.safeParse({ order_id: '' }).success).toBe(false);
  });
});
