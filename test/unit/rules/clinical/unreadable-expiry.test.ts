// An expiry the service sent that is no date never lets "Prescription current" pass, even where the controlled-
// substance limit gives the station a day of its own: the service may have meant an earlier one (found by the panel's
// property test once the limit became the one validity date).
import { describe, expect, it } from 'vitest';
import { currentCheck } from '../../../../rules/clinical/checks-prescription.ts';
import { input, prescription, product } from './fixtures.ts';

describe('an expiry the service sent that cannot be read', () => {
  it('is a warning on a controlled prescription, naming the limit that still holds it', () => {
    const check = currentCheck(
      input({
        prescription: prescription({
          drug_name: 'Tramadol',
          written_at: '2026-06-01T15:00:00Z',
          expires_at: 'not a date',
        }),
        product: product({ name: 'Tramadol 50 mg tablet', is_controlled_substance: true }),
      }),
    );
    expect(check.status).toBe('warn');
    expect(check.reason).toContain('cannot be read');
  });

  it('a readable expiry within the limit still passes', () => {
    const check = currentCheck(
      input({
        prescription: prescription({
          drug_name: 'Tramadol',
          written_at: '2026-06-01T15:00:00Z',
          expires_at: '2026-10-01T15:00:00Z',
        }),
        product: product({ name: 'Tramadol 50 mg tablet', is_controlled_substance: true }),
      }),
    );
    expect(check.status).toBe('pass');
  });
});
