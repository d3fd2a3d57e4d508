// The status history as a timeline.
import { describe, expect, it } from 'vitest';
import type { OrderStatusChange } from '../../../../contract/service/orders.ts';
import { timelineOf } from '../../../../renderer/screens/order/timeline.ts';

const at = (hour: number) => `2026-03-02T${String(hour).padStart(2, '0')}:00:00Z`;

describe('the status timeline', () => {
  it('puts the steps oldest first and marks only the last one as current', () => {
    const steps = timelineOf([
      { status_name: 'Picked', updated_at: at(12) },
      { status_name: 'Received', updated_at: at(8) },
      { status_name: 'Data Entry', updated_at: at(9) },
    ]);
    expect(steps.map((s) => s.name)).toEqual(['Received', 'Data Entry', 'Picked']);
    expect(steps.map((s) => s.current)).toEqual([false, false, true]);
  });

  it('keeps the service’s order for steps at the same time', () => {
    const steps = timelineOf([
      { status_name: 'Received', updated_at: at(8) },
      { status_name: 'Data Entry', updated_at: at(8) },
    ]);
    expect(steps.map((s) => s.name)).toEqual(['Received', 'Data Entry']);
  });

  it('keeps a step with no time right after the step before it', () => {
    const steps = timelineOf([
      { status_name: 'Received', updated_at: at(8) },
      { status_name: 'Data Entry' },
      { status_name: 'Picked', updated_at: at(10) },
    ]);
    expect(steps.map((s) => s.name)).toEqual(['Received', 'Data Entry', 'Picked']);
  });

  it('names a step by its status when the service sent no name, and says who made it and for how long', () => {
    const change: OrderStatusChange = {
      status: 'data_entry',
      updated_at: at(9),
      updated_by_first_name: 'Pat',
      updated_by_last_name: 'Lee',
      duration: 3 * 3600 + 20 * 60,
    };
    const [step] = timelineOf([change, { status: 'on_hold_for_review', updated_at: at(13) }]);
    expect(step).toMatchObject({ name: 'Data Entry', by: 'Pat Lee', stayed: '3 h 20 min' });
    expect(timelineOf([{ status: 'on_hold_for_review' }])[0]?.name).toBe('On hold for review');
  });

  it('has no steps for an empty history', () => {
    expect(timelineOf([])).toEqual([]);
  });
});
