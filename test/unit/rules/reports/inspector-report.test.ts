// The inspector's report from the pharmacy's record: every controlled line verified in the range and nothing else,
// with its pharmacist of record, witness and label copies; the same rows whatever order a station holds the facts in;
// days in the pharmacy's time zone; CSV that reads back exactly and never runs as a formula.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FactOf } from '../../../../contract/pharmacy-record.ts';
import { inspectorCsv, inspectorTable } from '../../../../rules/reports/inspector-csv.ts';
import { type InspectorFacts, inspectorRows, localDayAndTime } from '../../../../rules/reports/inspector-report.ts';
import { parseCsv } from '../../renderer/report/csv-reader.ts';

const key = `U${'A'.repeat(55)}`;
const station = { name: 'Station 3', key };
const pharmacist = { id: 'u-ph', name: 'Parker Pharmacist', role: 'pharmacist' };
const technician = { id: 'u-t', name: 'Taylor Technician', role: 'technician' };
const UTC = { from: '2026-05-01', to: '2026-05-31', timeZone: 'UTC' };

function verified(n: number, at: string, controlled: boolean, text = 'Oxycodone 5 mg'): FactOf<'order_verified'> {
  return {
    id: `v-${n}`,
    at,
    station,
    person: technician,
    kind: 'order_verified',
    order_id: `o-${n}`,
    order_number: `N-${n}`,
    lines: [{ product_id: `p-${n}`, counted: 30, lots: [`LOT-${n}`] }],
    final_check: { by: 'Parker Pharmacist', grounds: 'checked' },
    dispensed: {
      patient: { id: 'pt-1', name: text, date_of_birth: '1970-01-01' },
      lines: [
        {
          product_id: `p-${n}`,
          kind: 'prescription',
          drug: text,
          code: '0000-0000',
          controlled,
          schedule: controlled ? 'II' : null,
          quantity: 30,
          prescription_id: `rx-${n}`,
        },
      ],
    },
  };
}

const review = (n: number, at: string): FactOf<'prescription_reviewed'> => ({
  id: `r-${n}`,
  at,
  station,
  person: pharmacist,
  kind: 'prescription_reviewed',
  prescription_id: `rx-${n}`,
  decision: 'reviewed',
  findings: [],
  note: '',
  task_ref: null,
  digest: 'b'.repeat(64),
});
const count = (n: number, at: string): FactOf<'controlled_count'> => ({
  id: `c-${n}`,
  at,
  station,
  person: technician,
  kind: 'controlled_count',
  order_id: `o-${n}`,
  order_number: `N-${n}`,
  product_id: `p-${n}`,
  count: 30,
  witness: 'Willa Witness',
});
const label = (n: number, copy: number, at: string): FactOf<'label_printed'> => ({
  id: `l-${n}-${copy}`,
  at,
  station,
  person: technician,
  kind: 'label_printed',
  order_id: `o-${n}`,
  order_number: null,
  prescription_id: `rx-${n}`,
  content_hash: 'c'.repeat(64),
  copy,
});

const instant = fc
  .integer({ min: Date.parse('2026-04-25T00:00:00Z'), max: Date.parse('2026-06-05T00:00:00Z') })
  .map((ms) => new Date(ms).toISOString());

const month = fc
  .array(fc.tuple(instant, fc.boolean(), fc.boolean()), { maxLength: 30 })
  .map((orders): InspectorFacts => {
    const facts: InspectorFacts = { verified: [], reviews: [], counts: [], labels: [] };
    orders.forEach(([at, controlled, labelled], n) => {
      (facts.verified as unknown[]).push(verified(n, at, controlled));
      (facts.reviews as unknown[]).push(review(n, '2026-01-01T00:00:00.000Z'));
      if (controlled) (facts.counts as unknown[]).push(count(n, at));
      if (labelled) (facts.labels as unknown[]).push(label(n, 1, at), label(n, 2, at));
    });
    return facts;
  });

describe("the inspector's controlled-substance log", () => {
  it('lists every controlled line verified in the range, and no other, with its pharmacist, witness and labels', () => {
    fc.assert(
      fc.property(month, (facts) => {
        const rows = inspectorRows(facts, 'controlled', UTC);
        const expected = facts.verified.filter(
          (v) => v.dispensed?.lines[0]?.controlled && v.at.slice(0, 10) >= UTC.from && v.at.slice(0, 10) <= UTC.to,
        );
        expect(rows.map((r) => r.order).sort()).toEqual(expected.map((v) => v.order_number).sort());
        for (const row of rows) {
          expect(row.pharmacist).toBe('Parker Pharmacist');
          expect(row.witness).toBe('Willa Witness');
          expect(row.schedule).toBe('II');
          const n = row.order.slice(2);
          expect(row.labelCopies).toBe(facts.labels.filter((l) => l.order_id === `o-${n}`).length);
        }
      }),
    );
  });

  it('is the same, byte for byte, whatever order a station holds the facts in', () => {
    fc.assert(
      fc.property(month, fc.integer(), (facts, seed) => {
        const shuffle = <T>(list: readonly T[]) =>
          [...list]
            .map((x, i) => ({ x, k: (i * 7919 + seed) % 104729 }))
            .sort((a, b) => a.k - b.k)
            .map((e) => e.x);
        const other = {
          verified: shuffle(facts.verified),
          reviews: shuffle(facts.reviews),
          counts: shuffle(facts.counts),
          labels: shuffle(facts.labels),
        };
        for (const log of ['controlled', 'daily'] as const) {
          expect(inspectorCsv(inspectorRows(other, log, UTC), log)).toBe(
            inspectorCsv(inspectorRows(facts, log, UTC), log),
          );
        }
      }),
    );
  });

  it('names no pharmacist of record for an OK given after the order was verified, nor for a hold', () => {
    const facts: InspectorFacts = {
      verified: [verified(1, '2026-05-10T12:00:00.000Z', true)],
      reviews: [
        review(1, '2026-05-11T12:00:00.000Z'),
        { ...review(1, '2026-05-09T12:00:00.000Z'), id: 'r-h', decision: 'needs_clarification' },
      ],
      counts: [],
      labels: [],
    };
    expect(inspectorRows(facts, 'controlled', UTC)[0]?.pharmacist).toBe('');
  });
});

describe("the inspector's days", () => {
  it("are the pharmacy's: a fill at 02:30 UTC on June 1st is May 31st's in Chicago", () => {
    expect(localDayAndTime('2026-06-01T02:30:00.000Z', 'America/Chicago')).toEqual({
      day: '2026-05-31',
      time: '21:30',
    });
    const facts: InspectorFacts = {
      verified: [verified(1, '2026-06-01T02:30:00.000Z', true)],
      reviews: [],
      counts: [],
      labels: [],
    };
    expect(inspectorRows(facts, 'daily', { ...UTC, timeZone: 'America/Chicago' })).toHaveLength(1);
    expect(inspectorRows(facts, 'daily', UTC)).toHaveLength(0);
  });
});

describe("the inspector's CSV", () => {
  it('reads back exactly as the table, and no text cell starts a formula, whatever the names hold', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.constantFrom('=', '+', '-', '@', '\t', '\r', '', '"', ','),
        (text, first) => {
          const hostile = `${first}${text}`;
          const facts: InspectorFacts = {
            verified: [verified(1, '2026-05-02T10:00:00.000Z', true, hostile)],
            reviews: [],
            counts: [],
            labels: [],
          };
          const rows = inspectorRows(facts, 'controlled', UTC);
          const table = inspectorTable(rows, 'controlled');
          expect(parseCsv(inspectorCsv(rows, 'controlled'))).toEqual(table);
          for (const cell of table[1] ?? []) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
          expect(table[1]).toContain(/^[=+\-@\t\r]/.test(hostile) ? `'${hostile}` : hostile);
        },
      ),
    );
  });
});
