// The pharmacist's alarm for an order verified at two stations says which order, where each verification was made,
// and what to do; it names no patient, and a click opens the order.
import { describe, expect, it } from 'vitest';
import { conflictAlarm } from '../../../main/station/pharmacy-record.ts';

const fact = {
  kind: 'conflict_found' as const,
  id: 'f-1',
  at: '2026-03-01T10:50:00.000Z',
  station: { name: 'Station 5', key: `U${'A'.repeat(55)}` },
  person: { id: 'u-1', name: 'Taylor Technician', role: 'technician' },
  order_id: 'order-1',
  order_number: '1000042',
  verified_at: 'Station 3',
  refused_fact: 'f-0',
};

describe('the alarm for an order verified twice', () => {
  it('names the order and both stations, and a click opens the order', () => {
    const opened: string[] = [];
    const alarm = conflictAlarm(fact, () => opened.push('order-1'));
    expect(alarm).toMatchObject({ title: 'Order verified twice', orderId: 'order-1', count: 1 });
    expect(alarm.body).toBe(
      'Order 1000042 was verified at Station 5 while the pharmacy record could not be reached and at Station 3. A pharmacist checks which label went out.',
    );
    alarm.click();
    expect(opened).toEqual(['order-1']);
  });
});
