// The audit record the renderer sends: a finished verification whose lines agree with its scans; anything else is
// refused by field, and no input makes the check throw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditListInput, auditRecordInput, countedByProduct } from '../../../contract/ipc/audit.ts';

const PRODUCT = '11111111-1111-4111-8111-111111111111';
const counted = {
  code: 'RX-0001',
  entry: 'scanner' as const,
  quantity: 2,
  result: 'counted' as const,
  matchedBy: 'sku' as const,
  productId: PRODUCT,
  lotId: null,
  lot: null,
  expiry: null,
  stop: null,
};
const record = {
  orderId: '99999999-9999-4999-8999-999999999999',
  orderNumber: '1000042',
  outcome: 'verified',
  lines: [{ productId: PRODUCT, sku: 'RX-0001', expected: 2, scanned: 2 }],
  scans: [counted],
  taskRef: null,
};

describe('the audit record input', () => {
  it('accepts a verification whose lines agree with its scans', () => {
    expect(auditRecordInput.safeParse(record).success).toBe(true);
    expect(countedByProduct([counted, { ...counted, result: 'undone' as const, quantity: 1 }]).get(PRODUCT)).toBe(1);
  });

  it('refuses an undone scan that would leave a line short of what it claims, naming the field', () => {
    const parsed = auditRecordInput.safeParse({
      ...record,
      scans: [counted, { ...counted, result: 'undone', quantity: 1 }],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['lines.0.scanned']);
  });

  it('refuses a counted scan on a product the lines do not have, and a stop without its dismissal', () => {
    const other = { ...counted, productId: '22222222-2222-4222-8222-222222222222' };
    const paths = (input: unknown) => auditRecordInput.safeParse(input).error?.issues.map((i) => i.path.join('.'));
    expect(paths({ ...record, scans: [counted, other] })).toContain('scans.1.productId');
    expect(paths({ ...record, scans: [counted, { ...counted, result: 'stopped' }] })).toContain('scans.1.stop');
  });

  it('never throws, whatever arrives over IPC', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        auditRecordInput.safeParse(input);
        auditListInput.safeParse(input);
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(
        fc.record({ lines: fc.array(fc.anything()), scans: fc.array(fc.anything()), outcome: fc.anything() }),
        (partial) => {
          expect(auditRecordInput.safeParse({ ...record, ...partial }).success).toBeTypeOf('boolean');
        },
      ),
    );
  });
});
