// Tolerant reading by field: harmless coercions, drops that keep the record, refusals only for identity; the drift log.

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { order } from '../../../../contract/service/orders.ts';
import { coercionsFor, normalTimestamp } from '../../../../main/service/client/coercions.ts';
import { createDriftLog, readTolerantly } from '../../../../main/service/client/index.ts';

const identity = { id: 'o-1', order_number: 'ORD-1' };

describe('reading an order whatever else the service sends', () => {
  it('reads a numeric formula_id as text and says so, keeping the rest of the order', () => {
    const read = readTolerantly(order, {
      ...identity,
      status: 'Received',
      products: { prescription: [{ id: 'p-1', name: 'Mupirocin', formula_id: 826271167, quantity: 2 }] },
    });
    expect(read.ok && read.value).toMatchObject({
      ...identity,
      status: 'received',
      products: { prescription: [{ id: 'p-1', formula_id: '826271167', quantity: 2 }] },
    });
    expect(read.notes).toEqual([
      { path: 'products.prescription[].formula_id', kind: 'coerced', was: 'a number', as: 'text' },
    ]);
  });

  it('drops a field that cannot be read, and a product without its id, and shows the rest', () => {
    const read = readTolerantly(order, {
      ...identity,
      priority_requested: { odd: true },
      created_at: '2025-03-15 12:00:00.123+0000',
      products: { prescription: [{ name: 'No id' }, { id: 'p-2', name: 'Kept' }] },
    });
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const value = read.value as Record<string, unknown>;
    expect('priority_requested' in value).toBe(false);
    expect(value.created_at).toBe('2025-03-15T12:00:00.123+00:00');
    expect((value.products as { prescription: { id: string }[] }).prescription.map((p) => p.id)).toEqual(['p-2']);
    expect(read.notes.map((n) => `${n.path} ${n.kind} ${n.was}`)).toEqual([
      'created_at coerced a timestamp in another spelling',
      'priority_requested dropped an object',
      'products.prescription[] dropped a record whose id is missing',
    ]);
  });

  it('refuses only an order whose identity does not read, naming the field and never its value', () => {
    expect(readTolerantly(order, { id: 'o-1' })).toEqual({ ok: false, reason: 'order_number is missing', notes: [] });
    expect(readTolerantly(order, { ...identity, id: 42 })).toEqual({ ok: false, reason: 'id was a number', notes: [] });
    expect(readTolerantly(order, 'ORD-1')).toEqual({ ok: false, reason: 'the answer was text', notes: [] });
  });

  it('matches a listed value in another case, and drops one the list does not have', () => {
    const schema = z.looseObject({ id: z.string(), kind: z.enum(['order_material']).nullish() });
    expect(readTolerantly(schema, { id: 'a', kind: 'Order Material' })).toMatchObject({
      ok: true,
      value: { kind: 'order_material' },
    });
    expect(readTolerantly(schema, { id: 'a', kind: 'Gift card' })).toMatchObject({
      ok: true,
      value: { id: 'a' },
      notes: [{ path: 'kind', kind: 'dropped', was: 'an unknown value' }],
    });
  });
});

describe('harmless coercions', () => {
  it('spells timestamps the contract reads, and leaves alone what is not one', () => {
    expect(normalTimestamp('2025-03-16 22:55:37.920593')).toBe('2025-03-16T22:55:37.920593');
    expect(normalTimestamp('2025-03-16T22:55z')).toBe('2025-03-16T22:55:00Z');
    expect(normalTimestamp('16/03/2025')).toBeNull();
  });

  it('offers number ↔ numeric text and true/false, nothing for other kinds', () => {
    expect(coercionsFor(12).map((c) => c.value)).toEqual(['12']);
    expect(coercionsFor('12.5').map((c) => c.value)).toContain(12.5);
    expect(coercionsFor('TRUE').map((c) => c.value)).toContain(true);
    expect(coercionsFor({ a: 1 })).toEqual([]);
  });
});

describe('the drift log', () => {
  it('counts per operation and path, logs each kind once, and keeps no value', () => {
    const lines: unknown[] = [];
    const times = ['2026-01-01T09:14:00.000Z', '2026-01-01T09:15:00.000Z', '2026-01-01T09:16:00.000Z'];
    let tick = 0;
    const drift = createDriftLog({
      log: { debug() {}, info() {}, warn: (message, fields) => lines.push({ message, fields }) },
      now: () => new Date(times[Math.min(tick++, times.length - 1)] as string),
    });
    const note = { path: 'products.prescription[].formula_id', kind: 'coerced' as const, was: 'a number', as: 'text' };
    drift.record('orders.get', [note]);
    drift.record('orders.get', [note]);
    drift.refused('orders.get', 'id is missing');
    expect(drift.entries()).toEqual([
      { operation: 'orders.get', ...note, count: 2, firstSeen: times[1], lastSeen: times[2] },
      expect.objectContaining({ path: '(answer)', kind: 'refused', was: 'id is missing', count: 1 }),
    ]);
    expect(lines).toHaveLength(2);
  });
});
