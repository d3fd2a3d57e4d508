// Where the order ships and where its shipments are tracked.
import { describe, expect, it } from 'vitest';
import {
  addressLines,
  carrierName,
  serviceLevelName,
  trackingUrlOf,
} from '../../../../renderer/screens/order/shipping.ts';

describe('shipping', () => {
  it('uses the service’s https tracking link as it is', () => {
    const url = 'https://www.ups.com/track?tracknum=1Z999';
    expect(trackingUrlOf({ carrier: 'ups', tracking_number: '1Z999', tracking_url: url })).toBe(url);
  });

  it('builds the carrier’s own tracking page for a number that came without a link', () => {
    expect(trackingUrlOf({ carrier: 'USPS', tracking_number: '9400 1' })).toBe(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201',
    );
    expect(trackingUrlOf({ carrier: 'ups', tracking_number: '1Z12' })).toBe('https://www.ups.com/track?tracknum=1Z12');
  });

  it('offers no link for an unknown carrier, a missing number, or a link that is not https', () => {
    expect(trackingUrlOf({ carrier: 'pigeon', tracking_number: '42' })).toBeNull();
    expect(trackingUrlOf({ carrier: 'ups' })).toBeNull();
    expect(trackingUrlOf({ carrier: 'zz', tracking_number: '1', tracking_url: 'javascript:alert(1)' })).toBeNull();
  });

  it('writes the address as a label prints it', () => {
    expect(
      addressLines({
        address_1: '12 Main St',
        address_2: '',
        city: 'Austin',
        state: 'TX',
        zip_code: '78701',
        country: 'US',
      }),
    ).toEqual(['12 Main St', 'Austin, TX 78701']);
    expect(addressLines(null)).toEqual([]);
  });

  it('names carriers and service levels for people', () => {
    expect(carrierName('usps')).toBe('USPS');
    expect(serviceLevelName('usps_ground_advantage')).toBe('Ground Advantage');
    expect(serviceLevelName('next_day')).toBe('Next Day');
  });
});
