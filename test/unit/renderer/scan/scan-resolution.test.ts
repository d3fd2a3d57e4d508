// The renderer's side of a scan: main answers the meaning (scan:resolve); an order goes into the query cache dated
// when it was read, so an offline answer shows its age; a station that cannot be asked is a failure, not "unknown".
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isPartialServiceBarcode, isServiceBarcode } from '../../../../contract/ipc.ts';
import { orderQueryKey } from '../../../../renderer/queries/orders.ts';
import { resolveScan } from '../../../../renderer/queries/scan.ts';
import { asOfWords, notAnOrder, whyNothingOpens } from '../../../../renderer/scan/scan-words.ts';

const ORDER_ID = '0b6f1c2e-4d5a-4b7c-9e8f-1a2b3c4d5e6f';
const ME = '11111111-2222-4333-8444-555555555555';
const orderLabel = `ORDER-${ORDER_ID}-a1b2c3d4`;
const myBadge = `USER-${ME}-0badc0de`;
const READ_AT = '2026-11-25T10:42:00.000Z';

let answers: Record<string, unknown>;
beforeEach(() => {
  answers = {};
  const station = {
    scan: {
      resolve: async ({ code }: { code: string }) =>
        answers[code] ?? { ok: false, error: { code: 'bridge_unreachable', message: 'The station is not answering' } },
    },
  };
  (globalThis as { window?: unknown }).window = { station };
});
afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe('resolving a scan in the renderer', () => {
  it('puts an order main read earlier into the cache dated when it was read', async () => {
    const order = { id: ORDER_ID, order_number: '1000042' };
    answers['1000042'] = {
      ok: true,
      value: { kind: 'order', orderId: ORDER_ID, orderNumber: '1000042', order, asOf: READ_AT },
    };
    const queryClient = new QueryClient();
    expect(await resolveScan('1000042', queryClient)).toMatchObject({ kind: 'order', orderId: ORDER_ID });
    expect(queryClient.getQueryData(orderQueryKey(ORDER_ID))).toEqual(order);
    expect(queryClient.getQueryState(orderQueryKey(ORDER_ID))?.dataUpdatedAt).toBe(Date.parse(READ_AT));
  });

  it('says the station could not be asked when the bridge fails', async () => {
    const found = await resolveScan('1000042', new QueryClient());
    expect(found).toEqual({ kind: 'failed', code: '1000042', reason: 'The station is not answering' });
    if (found.kind !== 'failed') throw new Error('expected a failure');
    expect(whyNothingOpens(found)).toBe('Could not look up 1000042: The station is not answering');
    expect(notAnOrder(found)).toBe('Could not look up 1000042: The station is not answering');
  });

  it('words what is not an order in one line', () => {
    expect(notAnOrder({ kind: 'lot', lotId: 'x', asOf: null })).toBe('That is a lot label, not an order.');
    expect(notAnOrder({ kind: 'badge', userId: ME, self: true })).toBe('This is a staff badge, not an order.');
    expect(notAnOrder({ kind: 'offline', message: 'Offline: not read here.' })).toBe('Offline: not read here.');
    expect(whyNothingOpens({ kind: 'unknown', message: 'Nothing has that code.' })).toBe('Nothing has that code.');
  });

  it('says "as of <time>, offline" only for an answer read earlier', () => {
    expect(asOfWords(null)).toBeNull();
    expect(asOfWords(READ_AT)).toMatch(/^as of \d{1,2}:\d{2}( [AP]M)?, offline$/);
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
