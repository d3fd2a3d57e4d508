// Licenses by state, the current one first, how soon each expires, and which one a new number replaces.
import { describe, expect, it } from 'vitest';
import type { Qualification } from '../../../../contract/service/prescribers.ts';
import { expiryOf, licenseReplacedBy, licensesByState } from '../../../../renderer/screens/prescribers/licenses.ts';

const license = (over: Partial<Qualification> & { id: string }): Qualification => ({
  state: 'OR',
  license_number: 'OR1',
  expiration_date: '2027-03-22',
  is_active: true,
  updated_at: '2026-01-01T00:00:00Z',
  ...over,
});

describe('licenses by state', () => {
  it('groups by state in alphabetical order, the current license before the replaced ones', () => {
    const groups = licensesByState([
      license({ id: 'old', license_number: 'OR0', is_active: false, updated_at: '2026-05-01T00:00:00Z' }),
      license({ id: 'tn', state: 'TN', license_number: 'TN1' }),
      license({ id: 'new', license_number: 'OR1', updated_at: '2026-05-01T00:00:00Z' }),
      license({ id: 'ct', state: 'ct' }),
    ]);
    expect(groups.map((g) => g.state)).toEqual(['CT', 'OR', 'TN']);
    expect(groups[1]?.licenses.map((l) => l.id)).toEqual(['new', 'old']);
  });
});

describe('expiry', () => {
  const today = '2026-05-17';

  it('says a license has expired', () => {
    expect(expiryOf(license({ id: 'a', expiration_date: '2026-05-01' }), today)).toEqual({
      tone: 'expired',
      text: 'Expired May 1, 2026',
    });
  });

  it("warns within the rules' thirty days (as the review does), counting the days", () => {
    expect(expiryOf(license({ id: 'a', expiration_date: '2026-06-01' }), today)).toEqual({
      tone: 'soon',
      text: 'Expires Jun 1, 2026 (in 15 days)',
    });
  });

  it('is calm about a license far from expiry, and honest when there is no date', () => {
    expect(expiryOf(license({ id: 'a' }), today).tone).toBe('current');
    expect(expiryOf(license({ id: 'a', expiration_date: null }), today)).toEqual({
      tone: 'unknown',
      text: 'No expiry on file',
    });
  });
});

describe('replacement', () => {
  const licenses = [
    license({ id: 'or', license_number: 'OR1' }),
    license({ id: 'tn', state: 'TN', license_number: 'TN1' }),
  ];

  it('names the state’s current license a new number would replace', () => {
    expect(licenseReplacedBy(licenses, 'or', 'OR2')?.id).toBe('or');
  });

  it('replaces nothing for the same number, a new state, or an empty number', () => {
    expect(licenseReplacedBy(licenses, 'OR', 'OR1')).toBeNull();
    expect(licenseReplacedBy(licenses, 'WA', 'WA1')).toBeNull();
    expect(licenseReplacedBy(licenses, 'OR', ' ')).toBeNull();
  });
});
