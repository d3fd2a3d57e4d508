// The verification records of the audit log as main writes them from its run: who is the session's user main passes
// and when is main's clock; a record whose lines disagree with its scans or its outcome is refused naming the field (a
// second check behind main's run); entries survive a reopen, nothing can change them, and no code or note reaches the log.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntry } from '../../../contract/ipc/audit.ts';
import { answer, answeredValue, openAuditRig, refusalOf, TECHNICIAN, USER } from './audit-rig.ts';

let audit: Awaited<ReturnType<typeof openAuditRig>>;
const orderId = '11111111-2222-4333-8444-555555555555';
const productId = '66666666-7777-4888-8999-aaaaaaaaaaaa';

const value = answeredValue;
const record = (input: unknown, user: typeof USER | null = USER) => answer(() => audit.log.record(input, user));
const list = (query?: { orderId?: string; limit?: number }) => answer(() => audit.log.list(query));

beforeAll(async () => {
  audit = await openAuditRig();
});
afterAll(async () => {
  await audit.remove();
});

const NOTE_WITH_A_NAME = 'Removed the bottle; Jane Placeholder-Doe called about it';

function scan(overrides: Record<string, unknown> = {}) {
  return {
    code: 'RX-0001',
    entry: 'scanner',
    quantity: 1,
    result: 'counted',
    matchedBy: 'sku',
    productId,
    lotId: null,
    lot: null,
    expiry: null,
    stop: null,
    ...overrides,
  };
}

function verification(overrides: Record<string, unknown> = {}) {
  return {
    orderId,
    orderNumber: '1000001',
    outcome: 'verified',
    lines: [{ productId, sku: 'RX-0001', expected: 2, scanned: 2 }],
    scans: [
      scan({ code: 'OTC-9999', result: 'stopped', matchedBy: 'sku', productId: null, stop: stopped() }),
      scan(),
      scan({ entry: 'typed', quantity: 1 }),
    ],
    taskRef: null,
    ...overrides,
  };
}

function stopped() {
  return { kind: 'not_on_order', reason: 'removed', note: NOTE_WITH_A_NAME, taskRef: null };
}

describe('the verification audit log', () => {
  it('records who from the session and when from main, with every scan and the dismiss reason', async () => {
    const before = Date.now();
    const entry = value(record(verification()));
    const after = Date.now();
    auditEntry.parse(entry);
    expect(entry).toMatchObject({
      orderId,
      outcome: 'verified',
      user: { email: TECHNICIAN },
      taskRef: null,
    });
    expect(entry.user.id).toEqual(expect.any(String));
    const at = Date.parse(entry.recordedAt);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(after);
    expect(entry.scans.map((s: { result: string }) => s.result)).toEqual(['stopped', 'counted', 'counted']);
    expect(entry.scans[0]!.stop).toMatchObject({ kind: 'not_on_order', reason: 'removed' });
    expect(entry.scans[2]!.entry).toBe('typed');
  });

  it('refuses a who or a when in the record: they are main’s', async () => {
    const given = record({
      ...verification(),
      user: { email: 'someone.else@training.local' },
      recordedAt: '2000-01-01T00:00:00Z',
    });
    expect(given).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(refusalOf(given).message).toMatch(/"user"/);
    expect(refusalOf(given).message).toMatch(/"recordedAt"/);
  });

  it('refuses a verification whose lines disagree with its scans or its outcome, saying which field', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ lines: [{ productId, sku: null, expected: 2, scanned: 1 }] }, 'lines.0.scanned', /scans count 2/],
      [{ lines: [{ productId, sku: null, expected: 3, scanned: 2 }] }, 'outcome', /verified needs every line complete/],
      [{ outcome: 'discrepancy', scans: [scan(), scan()] }, 'outcome', /a discrepancy needs a short line or a stop/],
      [{ scans: [scan({ result: 'stopped', productId: null }), scan(), scan()] }, 'scans.0.stop', /says how/],
      [
        { scans: [scan({ result: 'stopped', stop: { ...stopped(), note: '  ' } }), scan(), scan()] },
        'scans.0.stop.note',
        /needs a note/,
      ],
      [{ scans: [scan({ code: 'RX\u00070001' }), scan()] }, 'scans.0.code', /control characters/],
      [{ lines: [] }, 'lines', /at least one line/],
    ];
    for (const [change, field, message] of cases) {
      const answer = record(verification(change));
      expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      const detail = refusalOf(answer).details?.find((d) => d.field === field);
      expect([field, detail?.message]).toEqual([field, expect.stringMatching(message)]);
      expect(refusalOf(answer).message).toMatch(/^The verification was not recorded: /);
    }
  });

  it('keeps a discrepancy with its task, and lists one order newest first', async () => {
    const short = value(
      record(
        verification({
          outcome: 'discrepancy',
          lines: [{ productId, sku: 'RX-0001', expected: 2, scanned: 1 }],
          scans: [scan()],
          taskRef: '6f1f7b3e-2b1a-4a57-9a55-3c1b0a9f0d11',
        }),
      ),
    );
    value(record(verification({ orderId: 'another-order' })));
    const listed = value(list({ orderId }));
    expect(listed.map((e) => e.outcome)).toEqual(['discrepancy', 'verified']);
    expect(listed[0]).toMatchObject({ id: short.id, taskRef: '6f1f7b3e-2b1a-4a57-9a55-3c1b0a9f0d11' });
    expect(value(list())).toHaveLength(3);
    expect(value(list({ limit: 1 }))).toHaveLength(1);
  });

  it('never writes a scanned code, a note or a name into the log', () => {
    const recorded = audit.lines.filter((line) => line.includes('verification recorded'));
    expect(recorded).toHaveLength(3);
    for (const text of ['RX-0001', 'OTC-9999', 'Placeholder', TECHNICIAN]) {
      expect(audit.lines.filter((line) => line.includes(text))).toEqual([]);
    }
  });

  it('keeps its entries across a restart, and nothing can change or remove one', async () => {
    audit.close();
    const db = new DatabaseSync(join(audit.dataDir, 'audit.db'));
    try {
      expect(() => db.exec("UPDATE verifications SET outcome = 'verified'")).toThrow(/append-only/);
      expect(() => db.exec('DELETE FROM verifications')).toThrow(/append-only/);
    } finally {
      db.close();
    }
    audit.reopen();
    const listed = value(list({ orderId }));
    expect(listed).toHaveLength(2);
  });

  it('records nothing without someone signed in', () => {
    expect(record(verification(), null)).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
  });
});
