// What a scanned code opens: orders by any of their names, staff badges, and a clear word for everything else.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderQueryKey } from '../../../../renderer/queries/orders.ts';
import { sessionKey } from '../../../../renderer/queries/session.ts';
import { isPartialServiceBarcode, isServiceBarcode, resolveScan } from '../../../../renderer/scan/resolve-scan.ts';

const ORDER_ID = '0b6f1c2e-4d5a-4b7c-9e8f-1a2b3c4d5e6f';
const ME = '11111111-2222-4333-8444-555555555555';
const OTHER = '99999999-8888-4777-8666-555555555555';
const orderLabel = `ORDER-${ORDER_ID}-a1b2c3d4`;
const myBadge = `USER-${ME}-0badc0de`;
const otherBadge = `USER-${OTHER}-feedf00d`;

type Answer = { ok: true; value: unknown } | { ok: false; error: { code: string; message: string; status?: number } };
const notFound = (what: string): Answer => ({
  ok: false,
  error: { code: 'not_found', message: `${what} not found`, status: 404 },
});

const barcodes: Record<string, Answer> = {
  [orderLabel]: { ok: true, value: { entity_type: 'order', entity_id: ORDER_ID } },
  [myBadge]: { ok: true, value: { entity_type: 'user', entity_id: ME } },
  [otherBadge]: { ok: true, value: { entity_type: 'user', entity_id: OTHER } },
};
const orders: Record<string, Answer> = {
  [ORDER_ID]: { ok: true, value: { id: ORDER_ID, order_number: '1000042' } },
  '1000042': { ok: true, value: { id: ORDER_ID, order_number: '1000042' } },
  'EXT-77': { ok: true, value: { id: ORDER_ID, order_number: '1000042' } },
};
let calls: string[];

beforeEach(() => {
  calls = [];
  const station = {
    barcodes: {
      verify: async ({ body }: { body: { barcode_value: string } }) => {
        calls.push(`verify ${body.barcode_value}`);
        return barcodes[body.barcode_value] ?? notFound('barcode');
      },
    },
    orders: {
      get: async ({ params }: { params: { order_id: string } }) => {
        calls.push(`get ${params.order_id}`);
        if (params.order_id === 'DOWN') {
          return { ok: false, error: { code: 'network', message: 'Could not reach the service for orders.get' } };
        }
        return orders[params.order_id] ?? notFound('order');
      },
    },
  };
  (globalThis as { window?: unknown }).window = { station };
});

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

function client(): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionKey, { status: 'signed_in', user: { id: ME, email: 'tess@x' } });
  return queryClient;
}

describe('resolving a scan', () => {
  it('opens an order by its UUID, its order number or its external id, and caches it under its UUID', async () => {
    for (const code of [ORDER_ID, '1000042', 'EXT-77']) {
      const queryClient = client();
      expect(await resolveScan(code, queryClient)).toEqual({ kind: 'order', orderId: ORDER_ID });
      expect(queryClient.getQueryData(orderQueryKey(ORDER_ID))).toMatchObject({ order_number: '1000042' });
    }
  });

  it('opens the order an ORDER- label names, asking the service what the label is', async () => {
    expect(await resolveScan(orderLabel, client())).toEqual({ kind: 'order', orderId: ORDER_ID });
    expect(calls).toEqual([`verify ${orderLabel}`, `get ${ORDER_ID}`]);
  });

  it('recognises the signed-in person’s own badge', async () => {
    expect(await resolveScan(myBadge, client())).toMatchObject({ kind: 'badge', userId: ME, self: true });
  });

  it('recognises another person’s badge as theirs, not an order', async () => {
    const found = await resolveScan(otherBadge, client());
    expect(found).toMatchObject({ kind: 'badge', userId: OTHER, self: false });
    expect(calls).toEqual([`verify ${otherBadge}`]);
  });

  it('says plainly when no order has that number', async () => {
    expect(await resolveScan('NOPE-123', client())).toEqual({
      kind: 'unknown',
      message: 'No order found for NOPE-123. Check the label and scan again.',
    });
  });

  it('says a service label the service does not know may come from another system', async () => {
    const stranger = `ORDER-${OTHER}-00000000`;
    const found = await resolveScan(stranger, client());
    expect(found.kind).toBe('unknown');
    expect((found as { message: string }).message).toContain('does not know the barcode');
  });

  it('asks for a label read only in part to be scanned again', async () => {
    const found = await resolveScan('ORDER-0b6f1c2e-4d5a', client());
    expect(found).toEqual({
      kind: 'unknown',
      message: 'Only part of the label was read (ORDER-0b6f1c2e-4d5a). Scan it again.',
    });
  });

  it('tells a failed lookup (no answer) from an unknown code', async () => {
    const found = await resolveScan('DOWN', client());
    expect(found.kind).toBe('failed');
    expect((found as { message: string }).message).toContain('Could not reach the service');
  });

  it('knows a service barcode by its shape, and a cut-short one', () => {
    expect(isServiceBarcode(orderLabel)).toBe(true);
    expect(isServiceBarcode(myBadge)).toBe(true);
    expect(isServiceBarcode('1000042')).toBe(false);
    expect(isPartialServiceBarcode('USER-1111')).toBe(true);
    expect(isPartialServiceBarcode(myBadge)).toBe(false);
    expect(isPartialServiceBarcode('EXT-77')).toBe(false);
  });
});
