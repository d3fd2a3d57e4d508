// The drift panel's words: one line per field a support person can paste, no values.
import { describe, expect, it } from 'vitest';
import { driftLine, driftText } from '../../../../renderer/screens/settings/drift-words.ts';

const at = (hours: number, minutes: number) => new Date(2026, 0, 1, hours, minutes).toISOString();

describe('driftLine', () => {
  it('says what a field was, what it was read as, how often and since when', () => {
    const line = driftLine({
      operation: 'orders.get',
      path: 'products.prescription[].formula_id',
      kind: 'coerced',
      was: 'a number',
      as: 'text',
      count: 12,
      firstSeen: at(9, 14),
      lastSeen: at(10, 2),
    });
    expect(line).toBe(
      'orders.get: products.prescription[].formula_id was a number, read as text, 12 times since 09:14',
    );
  });

  it('says a dropped field was left out, and a refused answer could not be shown', () => {
    const base = { operation: 'inventory.get', count: 1, firstSeen: at(8, 5), lastSeen: at(8, 5) };
    expect(driftLine({ ...base, path: 'is_active', kind: 'dropped', was: 'text' })).toBe(
      'inventory.get: is_active was text, left out, once since 08:05',
    );
    expect(driftLine({ ...base, path: '(answer)', kind: 'refused', was: 'id is missing' })).toBe(
      'inventory.get: the answer could not be shown (id is missing), once since 08:05',
    );
  });
});

describe('driftText', () => {
  it('names the service and says so when nothing drifted', () => {
    expect(driftText({ since: '2026-01-01T08:00:00.000Z', service: 'https://svc.example', entries: [] })).toBe(
      'Service drift at https://svc.example since 2026-01-01T08:00:00.000Z\nNothing read differently from its description.',
    );
  });
});
