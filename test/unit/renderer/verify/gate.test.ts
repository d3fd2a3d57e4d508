// Who may verify: past verification is read-only; the picker is the latest Picked step that names a person.
import { describe, expect, it } from 'vitest';
import { isPastVerification, pickerOf, rxNumbersOf, rxOfLine } from '../../../../renderer/screens/verify/gate.ts';

const step = (status_code: string, updated_at: string, updated_by: string | null = null) => ({
  status_code,
  status_name: status_code === 'PK01' ? 'Picked' : 'Other',
  updated_at,
  updated_by,
  updated_by_first_name: updated_by ? 'Taylor' : null,
  updated_by_last_name: updated_by ? 'Technician' : null,
});

describe('verify only what can be verified', () => {
  it('holds verified, shipped, delivered and cancelled orders read-only, and opens the rest', () => {
    expect(['verified', 'shipped', 'delivered', 'cancelled'].map(isPastVerification)).toEqual([true, true, true, true]);
    expect(['received', 'data_entry', 'picked', 'paused', null].map(isPastVerification)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('who picked the order, as its status history says', () => {
  it('is the person named on the latest step into Picked', () => {
    const history = [
      step('N01', '2026-01-01T08:00:00Z'),
      step('PK01', '2026-01-01T09:00:00Z', 'user-a'),
      step('P01', '2026-01-01T10:00:00Z'),
      step('PK01', '2026-01-01T11:00:00Z', 'user-b'),
    ];
    expect(pickerOf(history)).toEqual({ id: 'user-b', name: 'Taylor Technician', at: '2026-01-01T11:00:00Z' });
  });

  it('is nobody when the picked step names nobody (an automatic move): the rule does not guess', () => {
    expect(pickerOf([step('PK01', '2026-01-01T09:00:00Z', null)])).toBeNull();
    expect(pickerOf([])).toBeNull();
    expect(pickerOf(undefined)).toBeNull();
  });
});

describe('the Rx numbers of the lines', () => {
  it('lists each electronic prescription once, and finds a line by its NDC whatever the dashes', () => {
    const rx = rxNumbersOf([
      { reference_number: 'RX000000001', prescriptions: [{ product_code: '00466-7669-08' }] },
      { reference_number: 'RX000000001', prescriptions: [] },
      undefined,
    ]);
    expect(rx.all).toEqual(['RX000000001']);
    expect(rxOfLine(rx, '0046676690-8')).toEqual(['RX000000001']);
    expect(rxOfLine(rx, null)).toEqual([]);
  });
});
