// Property tests of the verification rules over generated orders and scans: the lines come from the service's order
// (its quantities and controlled flags, whatever else is said), a run never counts past a line, a short line is never
// verified, a controlled line needs a pharmacist, a stop is cleared only with a reason that fits it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditRecordInput, STOP_REASONS } from '../../../../contract/ipc/audit.ts';
import type { OrderProducts } from '../../../../contract/service/products.ts';
import schedules from '../../../../resources/vocabulary/controlled-schedules.json' with { type: 'json' };
import { buildCatalogueIndex } from '../../../../rules/verification/catalogue-index.ts';
import { readScannedCode } from '../../../../rules/verification/codes/scanned-code.ts';
import { linesOfOrder } from '../../../../rules/verification/lines.ts';
import { matchCode } from '../../../../rules/verification/match.ts';
import { outcomeOf, stopClearance, unsignedControlled } from '../../../../rules/verification/outcome.ts';
import {
  applyVerdict,
  auditRecordOf,
  countsOf,
  dismissStop,
  isComplete,
  newRun,
  undoLast,
  type VerifyRun,
} from '../../../../rules/verification/run.ts';
import { judgeScan } from '../../../../rules/verification/verdict.ts';
import { pickerOf } from '../../../../rules/verification/who-may-verify.ts';

const TODAY = '2026-03-01';
const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** An order of 1–5 prescription products, some controlled, quantities 0–40, some listed twice. */
const orders = fc
  .array(fc.record({ n: fc.integer({ min: 1, max: 6 }), quantity: fc.integer({ min: 0, max: 40 }), c: fc.boolean() }), {
    minLength: 1,
    maxLength: 6,
  })
  .map(
    (rows): OrderProducts => ({
      prescription: rows.map(({ n, quantity, c }) => ({
        id: uuidOf(n),
        sku: `RX-${n}`,
        name: `Product ${n}`,
        quantity,
        is_controlled_substance: c,
      })),
    }),
  );

/** A scan: a SKU of a product 1–8 (7 and 8 are on no order), a count, or an undo, or a code nothing knows. */
const steps = fc.array(
  fc.oneof(
    fc.record({ n: fc.integer({ min: 1, max: 8 }), quantity: fc.integer({ min: 1, max: 50 }) }),
    fc.constant('undo' as const),
    fc.constant('NOTHING-SCANNED' as const),
  ),
  { maxLength: 30 },
);

function play(
  products: OrderProducts,
  script: readonly (typeof steps extends fc.Arbitrary<infer T> ? T : never)[number][],
) {
  const index = buildCatalogueIndex(products, null, null);
  let run: VerifyRun = newRun(linesOfOrder(products, schedules));
  for (const step of script) {
    if (step === 'undo') {
      run = undoLast(run);
      continue;
    }
    const text = step === 'NOTHING-SCANNED' ? step : `${step.quantity}*RX-${step.n}`;
    const read = readScannedCode(text);
    if (!read.ok) continue;
    const match = matchCode(read.code, index, TODAY);
    const verdict = judgeScan({
      code: read.code,
      match,
      lines: run.lines,
      counted: countsOf(run),
      index,
      today: TODAY,
    });
    run = applyVerdict(run, verdict, 'typed');
    if (run.pending) run = dismissStop(run, 'removed', 'taken out', null);
  }
  return run;
}

describe('the verification rules over generated orders and runs', () => {
  it("reads the lines from the service's order: one per product, quantities added, the controlled flag kept", () => {
    fc.assert(
      fc.property(orders, (products) => {
        const lines = linesOfOrder(products, schedules);
        const rows = products.prescription ?? [];
        expect(new Set(lines.map((l) => l.productId)).size).toBe(lines.length);
        for (const line of lines) {
          const mine = rows.filter((row) => row.id === line.productId);
          expect(line.expected).toBe(mine.reduce((sum, row) => sum + (row.quantity ?? 1), 0));
          expect(line.controlled).toBe(mine[0]?.is_controlled_substance === true);
        }
      }),
    );
  });

  it('never counts a line past its quantity, counts nothing unknown, and keeps every record the contract accepts', () => {
    fc.assert(
      fc.property(orders, steps, (products, script) => {
        const run = play(products, script);
        const counts = countsOf(run);
        for (const line of run.lines) expect(counts.get(line.productId) ?? 0).toBeLessThanOrEqual(line.expected);
        for (const id of counts.keys()) expect(run.lines.some((line) => line.productId === id)).toBe(true);
        const outcome = outcomeOf(
          run,
          run.lines.map((l) => ({ purpose: 'controlled_count', productId: l.productId })),
        );
        if (outcome) {
          const record = auditRecordOf(run, { id: uuidOf(99), orderNumber: null }, outcome, null, []);
          expect(
            auditRecordInput.safeParse({
              ...record,
              signOffs: undefined,
              lines: record.lines.map((l) => ({ ...l, controlled: false })),
            }).success,
          ).toBe(true);
        }
      }),
    );
  });

  it('a short line is never verified, and a controlled line is verified only with a pharmacist’s count', () => {
    fc.assert(
      fc.property(orders, steps, (products, script) => {
        const run = play(products, script);
        const unsigned = outcomeOf(run, []);
        if (!isComplete(run)) expect(unsigned).not.toBe('verified');
        if (unsignedControlled(run, []).length > 0) expect(unsigned).not.toBe('verified');
        const signed = run.lines.map((l) => ({ purpose: 'controlled_count' as const, productId: l.productId }));
        expect(outcomeOf(run, signed) === 'verified').toBe(isComplete(run));
      }),
    );
  });

  it('typed "NOTHING-SCANNED" counts on no line, whatever the order', () => {
    fc.assert(
      fc.property(orders, fc.integer({ min: 1, max: 30 }), (products, times) => {
        const run = play(
          products,
          Array.from({ length: times }, () => 'NOTHING-SCANNED' as const),
        );
        expect(countsOf(run).size).toBe(0);
        expect(run.scans.every((scan) => scan.result === 'unrecognised')).toBe(true);
      }),
    );
  });

  it('a stop is cleared only with a reason that fits it, and a pharmacist’s reason only with a pharmacist', () => {
    const kinds = fc.constantFrom('not_on_order', 'too_many', 'expired_lot' as const);
    const reasons = fc.constantFrom(
      'removed',
      'misread',
      'count_corrected',
      'pharmacist_approved',
      'reported_as_task',
      'other' as const,
    );
    fc.assert(
      fc.property(kinds, reasons, (kind, reason) => {
        const clearance = stopClearance(kind, reason);
        const fits = STOP_REASONS[kind].includes(reason) || reason === 'reported_as_task';
        expect(clearance === 'refused').toBe(!fits);
        if (reason === 'pharmacist_approved' && fits) expect(clearance).toBe('pharmacist');
      }),
    );
  });

  it('reads a scanned code without throwing, and a typed count only from 1 to 9999', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 260 }), (text) => {
        const read = readScannedCode(text);
        if (read.ok) {
          expect(read.code.quantity).toBeGreaterThanOrEqual(1);
          expect(read.code.quantity).toBeLessThanOrEqual(9999);
          expect(read.code.raw.length).toBeLessThanOrEqual(200);
        }
      }),
    );
  });

  it('the picker is the latest person the history names as moving the order into Picked', () => {
    const step = fc.record({
      status_code: fc.constantFrom('PK01', 'RC01', 'VF01'),
      updated_by: fc.option(fc.constantFrom('u1', 'u2', 'u3'), { nil: null }),
      updated_at: fc.integer({ min: 0, max: 9 }).map((d) => `2026-01-0${d}T00:00:00Z`),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 8 }), (history) => {
        const picked = history.filter((s) => s.status_code === 'PK01');
        const picker = pickerOf(history);
        if (picker) expect(picked.some((s) => s.updated_by === picker.id)).toBe(true);
        else if (picked.length > 0) {
          const latest = [...picked].sort((a, b) => a.updated_at.localeCompare(b.updated_at)).at(-1);
          expect(latest?.updated_by ?? null).toBeNull();
        }
      }),
    );
  });
});
