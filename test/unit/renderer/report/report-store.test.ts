// The report form: a run sends only a checked range, every run asks again, editing a field clears its own message.
import { beforeEach, describe, expect, it } from 'vitest';
import { useReportStore } from '../../../../renderer/screens/report/report-store.ts';

const initial = useReportStore.getState();

beforeEach(() => {
  useReportStore.setState(initial, true);
});

describe('the report form', () => {
  it('runs a preset with its range filled in, and every run counts as a new one', () => {
    const form = useReportStore.getState();
    expect(form.runPreset('lastMonth', '2026-11-22')).toBe(true);
    let state = useReportStore.getState();
    expect([state.start, state.end]).toEqual(['2026-10-01', '2026-10-31']);
    expect(state.request).toEqual({
      start_date: '2026-10-01',
      end_date: '2026-10-31',
      include: ['status', 'count', 'products'],
    });
    expect(state.runs).toBe(1);
    state.run();
    state = useReportStore.getState();
    expect(state.runs).toBe(2);
  });

  it('keeps the last request when a new one is refused, and says why beside the field', () => {
    const form = useReportStore.getState();
    form.runPreset('today', '2026-11-22');
    form.setStart('2026-11-30', false);
    expect(useReportStore.getState().run()).toBe(false);
    const state = useReportStore.getState();
    expect(state.errors.start).toMatch(/after the end date/);
    expect(state.request?.start_date).toBe('2026-11-22');
    expect(state.runs).toBe(1);
  });

  it('clears a field’s message when that field is edited, and only that one', () => {
    const form = useReportStore.getState();
    form.setStart('2026-11-30', false);
    form.setEnd('2026-11-01', false);
    form.toggleInclude('status');
    form.toggleInclude('count');
    form.toggleInclude('products');
    form.run();
    expect(Object.keys(useReportStore.getState().errors).sort()).toEqual(['include', 'start']);
    useReportStore.getState().toggleInclude('count');
    expect(Object.keys(useReportStore.getState().errors)).toEqual(['start']);
    useReportStore.getState().setStart('2026-10-01', false);
    expect(useReportStore.getState().errors).toEqual({});
  });
});
