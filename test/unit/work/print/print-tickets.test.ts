// The one-time print ticket, on main's clock (injected): it serves once, only the person it was given to, and only for
// 10 minutes; a ticket carries the content main prepared and no decision (print:document runs the gate again).
import { describe, expect, it } from 'vitest';
import type { DocumentContent } from '../../../../contract/document-content.ts';
import { createPrintTickets, TICKET_LIFETIME_MS } from '../../../../main/work/print/print-tickets.ts';

const document = { kind: 'staff_badge', userId: 'u1' } as const;
const content = {
  kind: 'staff_badge',
  name: 'Ana',
  role: 'technician',
  barcode: 'USER-1',
} as unknown as DocumentContent;

describe('a print ticket', () => {
  it('serves just before its 10 minutes are up, never after', () => {
    let now = Date.parse('2026-11-27T09:00:00Z');
    const tickets = createPrintTickets(() => now);
    const early = tickets.issue({ document, content }, 'u1');
    const late = tickets.issue({ document, content }, 'u1');
    expect(TICKET_LIFETIME_MS).toBe(10 * 60_000);
    now += TICKET_LIFETIME_MS - 1;
    expect(tickets.take(early, 'u1')).toEqual({ document, content });
    now += 1;
    expect(tickets.take(late, 'u1')).toBeNull();
  });

  it('serves only the person it was given to, and once', () => {
    const tickets = createPrintTickets(() => 0);
    const id = tickets.issue({ document, content }, 'u1');
    expect(tickets.take(id, 'u2')).toBeNull();
    expect(tickets.take(id, 'u1')).toEqual({ document, content });
    expect(tickets.take(id, 'u1')).toBeNull();
  });

  it('carries no decision: only the document and the content main prepared', () => {
    const tickets = createPrintTickets(() => 0);
    const id = tickets.issue({ document, content, allowed: true } as never, 'u1');
    expect(Object.keys(tickets.take(id, 'u1') ?? {}).sort()).toEqual(['content', 'document']);
  });
});
