// A discrepancy written as a task the service accepts: which order, each short line and stop, linked to the order.
import { describe, expect, it } from 'vitest';
import { taskCreateBody } from '../../../../contract/service/tasks.ts';
import schedules from '../../../../resources/vocabulary/controlled-schedules.json' with { type: 'json' };
import { discrepancyTaskBody, reportedNote } from '../../../../rules/verification/discrepancy.ts';
import { dayForPeople, linesOfOrder, productLabel } from '../../../../rules/verification/lines.ts';
import { IDS, orderProducts } from './fixtures.ts';

const ORDER = { id: '99999999-9999-4999-8999-999999999999', orderNumber: '1000042' };

describe('the discrepancy task', () => {
  it('names the order, lists short lines and each stop in full (kind, scan, line and count, reason, note), and links the order', () => {
    const body = discrepancyTaskBody(
      ORDER,
      {
        short: [{ label: 'Small box (MAT-0001)', scanned: 0, expected: 1 }],
        stops: [
          {
            kind: 'not_on_order',
            label: 'Ibuprofen 200 mg (OTC-0001)',
            code: 'OTC-0001',
            quantity: 1,
            message: 'Ibuprofen 200 mg (OTC-0001) is not on this order.',
            line: null,
            reason: 'removed',
            note: 'Put back',
          },
          {
            kind: 'too_many',
            label: 'Lisinopril 10 mg tablet (RX-0001)',
            code: 'RX-0001',
            quantity: 2,
            message: 'Two more is too many.',
            line: { label: 'Lisinopril 10 mg tablet (RX-0001)', scanned: 29, expected: 30 },
            reason: null,
            note: null,
          },
        ],
      },
      'T01',
    );
    expect(taskCreateBody.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      name: 'Verification discrepancy: order 1000042',
      category_code: 'T01',
      order_id: ORDER.id,
    });
    expect(body.description).toBe(
      [
        'Found while verifying order 1000042 at the station.',
        'Order: 1000042 (linked to this task)',
        'Short lines:',
        '- Small box (MAT-0001): 0 of 1 scanned',
        'Hard stops:',
        '- Not on this order (not_on_order): Ibuprofen 200 mg (OTC-0001) is not on this order.',
        '  Scanned: OTC-0001',
        '  Expected line: none: Ibuprofen 200 mg (OTC-0001) is on no line of the order',
        '  Reason given: Taken out of the package',
        '  Note: Put back',
        '- One too many (too_many): Two more is too many.',
        '  Scanned: RX-0001 × 2',
        '  Expected line: Lisinopril 10 mg tablet (RX-0001): 29 of 30 counted so far',
        '  Reason given: none chosen',
        '  Note: none typed',
      ].join('\n'),
    );
  });

  it('stays within the service limits however many stops, and leaves out an order id that is not a UUID', () => {
    const stop = {
      kind: 'too_many' as const,
      label: 'x',
      code: 'RX-0001',
      quantity: 1,
      message: 'm'.repeat(300),
      line: null,
      reason: null,
      note: null,
    };
    const body = discrepancyTaskBody(
      { id: 'ORD-7', orderNumber: null },
      { short: [], stops: Array(40).fill(stop) },
      'T01',
    );
    expect(body.description?.length).toBeLessThanOrEqual(5000);
    expect(body.order_id).toBeUndefined();
    expect(body.name).toBe('Verification discrepancy: order ORD-7');
  });
});

describe('the order lines', () => {
  it('makes one line per product with the order quantity, and names products for people', () => {
    const lines = linesOfOrder(
      {
        ...orderProducts,
        order_material: [
          { id: IDS.box, quantity: 1 },
          { id: IDS.box, quantity: 2 },
        ],
      },
      schedules,
    );
    expect(lines.map((l) => [l.productId, l.kind, l.expected])).toEqual([
      [IDS.lisinopril, 'prescription', 2],
      [IDS.box, 'order_material', 3],
    ]);
    expect(productLabel(lines[0])).toBe('Lisinopril 10 mg tablet (RX-0001)');
    expect(productLabel(undefined, IDS.box)).toBe('product 44444444');
    expect(dayForPeople('2026-02-17')).toBe('Feb 17, 2026');
  });
});

describe('what Alt+D keeps of a stop being answered', () => {
  it('keeps the reason chosen and the note typed, and never claims a pharmacist nobody confirmed', () => {
    expect(reportedNote('removed', ' Put back on shelf 3 ')).toBe('Taken out of the package: Put back on shelf 3');
    expect(reportedNote(null, 'Label torn')).toBe('Label torn');
    expect(reportedNote(null, '  ')).toBe('Reported as a discrepancy task.');
    expect(reportedNote('pharmacist_approved', 'Ask Sam')).toBe(
      'Chosen, not confirmed by a pharmacist: A pharmacist approved it: Ask Sam',
    );
  });
});
