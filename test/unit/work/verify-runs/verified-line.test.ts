// The one answer the print gate asks of main's run records: is this line of this order verified. Complete in the newest
// record that counted it, a controlled line only with a pharmacist's count, never another line's record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedLine } from '../../../../main/work/verify-runs/verified-line.ts';
import { openAuditRig, USER } from '../../audit/audit-rig.ts';

let audit: Awaited<ReturnType<typeof openAuditRig>>;
beforeAll(async () => {
  audit = await openAuditRig();
});
afterAll(async () => {
  await audit.remove();
});

const ORDER = 'order-1';
const line = (productId: string, expected: number, scanned: number, controlled = false) => ({
  productId,
  sku: null,
  expected,
  scanned,
  controlled,
});
const counted = (productId: string, quantity: number) => ({
  code: `SKU-${productId}`,
  entry: 'scanner',
  quantity,
  result: 'counted',
  matchedBy: 'sku',
  productId,
  lotId: null,
  lot: null,
  expiry: null,
  stop: null,
});
const PHARMACIST = { id: 'p1', email: 'pharmacist@training.local', name: 'Parker Pharmacist' };

describe('is this line of the order verified, from main’s run records', () => {
  it('a complete line is; another line of the same order does not lend it its record', () => {
    audit.log.record(
      {
        orderId: ORDER,
        orderNumber: null,
        outcome: 'discrepancy',
        lines: [line('a', 2, 2), line('b', 3, 1)],
        scans: [counted('a', 2), counted('b', 1)],
        taskRef: null,
      },
      USER,
    );
    expect(verifiedLine(audit.log, ORDER, 'a')?.orderId).toBe(ORDER);
    expect(verifiedLine(audit.log, ORDER, 'b')).toBeNull();
    expect(verifiedLine(audit.log, ORDER, 'c')).toBeNull();
    expect(verifiedLine(audit.log, 'order-2', 'a')).toBeNull();
    expect(verifiedLine(audit.log, ORDER, null)).toBeNull();
  });

  it('a later verification that found the line short takes the earlier one back', () => {
    audit.log.record(
      {
        orderId: ORDER,
        orderNumber: null,
        outcome: 'discrepancy',
        lines: [line('a', 2, 1)],
        scans: [counted('a', 1)],
        taskRef: null,
      },
      USER,
    );
    expect(verifiedLine(audit.log, ORDER, 'a')).toBeNull();
  });

  it('a controlled line only with a pharmacist’s count', () => {
    const signOff = { purpose: 'controlled_count', productId: 'x', note: 'Counted 30', confirmationId: 'c1' } as const;
    const record = {
      orderId: 'order-3',
      orderNumber: null,
      outcome: 'verified',
      lines: [line('x', 30, 30, true)],
      scans: [counted('x', 30)],
      taskRef: null,
      signOffs: [signOff],
    };
    audit.log.record(record, USER, [
      { purpose: 'controlled_count', productId: 'x', note: 'Counted 30', by: PHARMACIST },
    ]);
    expect(verifiedLine(audit.log, 'order-3', 'x')?.signOffs[0]?.by.email).toBe(PHARMACIST.email);
  });

  it('a controlled line counted complete without a pharmacist’s count is not, nor by another line’s count', () => {
    const signOff = { purpose: 'controlled_count', productId: 'y', note: 'Counted 10', confirmationId: 'c2' } as const;
    audit.log.record(
      {
        orderId: 'order-4',
        orderNumber: null,
        outcome: 'discrepancy',
        lines: [line('x', 30, 30, true), line('y', 10, 10, true), line('z', 1, 0)],
        scans: [counted('x', 30), counted('y', 10)],
        taskRef: null,
        signOffs: [signOff],
      },
      USER,
      [{ purpose: 'controlled_count', productId: 'y', note: 'Counted 10', by: PHARMACIST }],
    );
    expect(verifiedLine(audit.log, 'order-4', 'x')).toBeNull();
    expect(verifiedLine(audit.log, 'order-4', 'y')?.orderId).toBe('order-4');
  });
});
