// The station reads an order's status the same way whatever the service sends: lower case, title case, or only the
// real service's status_code / status_name; and shows the name the service gives.
import { describe, expect, it } from 'vitest';
import { orderStatusName, orderStatusOf } from '../../../contract/service/order-status.ts';

describe('orderStatusOf', () => {
  it('reads the spec’s lower case, the newer title case and other spellings alike', () => {
    expect(orderStatusOf({ status: 'received' })).toBe('received');
    expect(orderStatusOf({ status: 'Received' })).toBe('received');
    expect(orderStatusOf({ status: 'Data Entry' })).toBe('data_entry');
    expect(orderStatusOf({ status: 'DATA_ENTRY' })).toBe('data_entry');
  });

  it('reads status_code, then status_name, when there is no status (the real service: S01 "Shipping")', () => {
    expect(orderStatusOf({ status_code: 'S01', status_name: 'Shipping' })).toBe('shipped');
    expect(orderStatusOf({ status_code: 'n01' })).toBe('received');
    expect(orderStatusOf({ status_name: 'Shipping' })).toBe('shipped');
    expect(orderStatusOf({ status_code: 'Z99', status_name: 'On Hold Review' })).toBe('on_hold_review');
    expect(orderStatusOf({})).toBeNull();
  });
});

describe('orderStatusName', () => {
  it('shows the name the service gives, else the known name of the status, else its words or code', () => {
    expect(orderStatusName({ status: 'shipped', status_code: 'S01', status_name: 'Shipping' })).toBe('Shipping');
    expect(orderStatusName({ status: 'data_entry' })).toBe('Data Entry');
    expect(orderStatusName({ status_code: 'P01' })).toBe('Data Entry');
    expect(orderStatusName({ status: 'awaiting_insurance' })).toBe('Awaiting insurance');
    expect(orderStatusName({ status_code: 'Z99' })).toBe('Z99');
    expect(orderStatusName({})).toBeNull();
  });
});
