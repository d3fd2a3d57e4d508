// The audit record of a hard stop as the verify screen sends it the moment the stop is dismissed: what main checks
// accepts it, a reported stop names its task, and nothing about who or when is in it.
import { describe, expect, it } from 'vitest';
import { auditStopInput } from '../../../../contract/ipc/audit.ts';
import { type PendingStop, stopRecordOf } from '../../../../rules/verification/run.ts';
import { IDS } from './fixtures.ts';

const ORDER = { id: '99999999-9999-4999-8999-999999999999', orderNumber: '1000042' };

const expired: PendingStop = {
  kind: 'expired_lot',
  title: 'Expired lot',
  message: 'Lot L-OLD expired.',
  entry: 'scanner',
  facts: {
    code: '(01)00000012345675(17)250101(10)L-OLD',
    quantity: 1,
    matchedBy: 'gs1',
    productId: IDS.lisinopril,
    lotId: IDS.lisinoprilExpired,
    lot: 'L-OLD',
    expiry: '2025-01-01',
  },
};

describe('the audit record of a dismissed stop', () => {
  it('carries the order, the scan, the stop, the reason and the trimmed note, and the contract accepts it', () => {
    const record = stopRecordOf(expired, ORDER, 'removed', '  Put the bottle back  ', null);
    expect(auditStopInput.parse(record)).toEqual({
      orderId: ORDER.id,
      orderNumber: ORDER.orderNumber,
      code: expired.facts.code,
      entry: 'scanner',
      quantity: 1,
      matchedBy: 'gs1',
      productId: IDS.lisinopril,
      lotId: IDS.lisinoprilExpired,
      lot: 'L-OLD',
      expiry: '2025-01-01',
      kind: 'expired_lot',
      reason: 'removed',
      note: 'Put the bottle back',
      taskRef: null,
      confirmationId: null,
    });
    expect(Object.keys(record)).not.toEqual(expect.arrayContaining(['user']));
    expect(Object.keys(record)).not.toContain('recordedAt');
  });

  it('refuses a reason that does not fit the stop, and a pharmacist reason without a pharmacist confirming', () => {
    const wrongProduct = { ...expired, kind: 'not_on_order' as const };
    expect(
      auditStopInput.safeParse(stopRecordOf(wrongProduct, ORDER, 'count_corrected', 'Counted again', null)).success,
    ).toBe(false);
    expect(auditStopInput.safeParse(stopRecordOf(expired, ORDER, 'pharmacist_approved', 'Fine', null)).success).toBe(
      false,
    );
    expect(
      auditStopInput.safeParse(stopRecordOf(wrongProduct, ORDER, 'pharmacist_approved', 'Substitution', null)).success,
    ).toBe(false);
    expect(
      auditStopInput.safeParse(stopRecordOf(wrongProduct, ORDER, 'pharmacist_approved', 'Substitution', null, 'c-1'))
        .success,
    ).toBe(true);
  });

  it('names the task of a stop reported as one, and a reported stop without its task is refused', () => {
    const taskRef = '6f1f7b3e-2b1a-4a57-9a55-3c1b0a9f0d11';
    const reported = stopRecordOf(expired, ORDER, 'reported_as_task', 'Reported as a discrepancy task.', taskRef);
    expect(auditStopInput.parse(reported).taskRef).toBe(taskRef);
    const orphan = auditStopInput.safeParse({ ...reported, taskRef: null });
    expect(orphan.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['taskRef']);
  });
});
