// The pharmacy-wide "waiting for final check" list from the record's facts: only a technician's verification (no
// final check with it), once per order, oldest first, until a passing check finished the order; nothing waits where
// tech-check-tech is allowed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type FinalCheckForQueue,
  finalCheckQueue,
  type VerifiedForQueue,
} from '../../../../rules/verification/final-check-queue.ts';

const orderId = fc.constantFrom('o1', 'o2', 'o3', 'o4');
const at = fc.integer({ min: 0, max: 1e6 }).map((n) => new Date(1_700_000_000_000 + n * 1000).toISOString());
const verified: fc.Arbitrary<VerifiedForQueue> = fc.record({
  order_id: orderId,
  order_number: fc.option(fc.string({ maxLength: 6 }), { nil: null }),
  at,
  station: fc.record({ name: fc.constantFrom('Bench 1', 'Bench 2') }),
  person: fc.record({ name: fc.constantFrom('Terry Tech', 'Pat Pharmacist') }),
  lines: fc.array(fc.record({ product_id: fc.string(), counted: fc.nat(60) }), { maxLength: 3 }),
  final_check: fc.option(fc.record({ by: fc.constant('Pat Pharmacist') }), { nil: null }),
});
const check: fc.Arbitrary<FinalCheckForQueue> = fc.record({
  order_id: orderId,
  at,
  outcome: fc.constantFrom('passed' as const, 'stopped' as const),
  reason: fc.constantFrom('', 'Wrong product: …'),
  order_done: fc.boolean(),
});

describe('the waiting for final check list', () => {
  it('holds each order a technician verified once, oldest first, until a passing check finished it', () => {
    fc.assert(
      fc.property(fc.array(verified, { maxLength: 8 }), fc.array(check, { maxLength: 8 }), (facts, checks) => {
        const queue = finalCheckQueue(false, facts, checks);
        const ids = queue.map((entry) => entry.orderId);
        expect(new Set(ids).size).toBe(ids.length);
        expect([...queue].sort((a, b) => a.verifiedAt.localeCompare(b.verifiedAt))).toEqual(queue);
        for (const fact of facts) {
          const done = checks.some((c) => c.order_id === fact.order_id && c.outcome === 'passed' && c.order_done);
          const first = facts.find((f) => f.order_id === fact.order_id && f.final_check === null);
          expect(ids.includes(fact.order_id)).toBe(!done && first !== undefined);
        }
      }),
    );
  });

  it('is empty where tech-check-tech is allowed', () => {
    fc.assert(
      fc.property(fc.array(verified), fc.array(check), (facts, checks) => {
        expect(finalCheckQueue(true, facts, checks)).toEqual([]);
      }),
    );
  });

  it('names the newest check’s hard stop on an order still waiting', () => {
    const fact: VerifiedForQueue = {
      order_id: 'o1',
      order_number: 'A-1',
      at: '2026-01-01T10:00:00.000Z',
      station: { name: 'Bench 1' },
      person: { name: 'Terry Tech' },
      lines: [],
      final_check: null,
    };
    const stop = {
      order_id: 'o1',
      at: '2026-01-01T11:00:00.000Z',
      outcome: 'stopped' as const,
      reason: 'Wrong label',
      order_done: false,
    };
    expect(finalCheckQueue(false, [fact], [stop])[0]).toMatchObject({
      orderId: 'o1',
      lastStop: 'Wrong label',
      verifiedBy: 'Terry Tech',
    });
  });
});
