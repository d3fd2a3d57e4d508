// Hard stops in the audit log as main keeps them from its run (verify:answerStop): each one at once, before the
// verification ends, with who the session's user main passes and when main's clock; a stop without its reason, note,
// kind or task is refused naming the field; the entries last and cannot change; no code or note reaches the log.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditStop } from '../../../contract/ipc/audit.ts';
import { answer, answeredValue, openAuditRig, refusalOf, TECHNICIAN, USER } from './audit-rig.ts';

let audit: Awaited<ReturnType<typeof openAuditRig>>;

const value = answeredValue;
const recordStop = (input: unknown, user: typeof USER | null = USER) => answer(() => audit.log.recordStop(input, user));

beforeAll(async () => {
  audit = await openAuditRig();
});
afterAll(async () => {
  await audit.remove();
});

const ORDER_ID = 'order-with-stops';
const TASK_REF = '6f1f7b3e-2b1a-4a57-9a55-3c1b0a9f0d11';
const NOTE_WITH_A_NAME = 'Put it back; Jane Placeholder-Doe restocks the shelf';

function stop(overrides: Record<string, unknown> = {}) {
  return {
    orderId: ORDER_ID,
    orderNumber: '1000042',
    code: 'OTC-9999',
    entry: 'scanner',
    quantity: 1,
    matchedBy: 'sku',
    productId: 'product-not-on-order',
    lotId: null,
    lot: null,
    expiry: null,
    kind: 'not_on_order',
    reason: 'removed',
    note: NOTE_WITH_A_NAME,
    taskRef: null,
    ...overrides,
  };
}

const stopsOf = async (orderId: string) => value(answer(() => audit.log.stops({ orderId })));

describe('hard stops in the audit log', () => {
  it('keeps a dismissed stop at once, with who from the session and when from main, before any verification ends', async () => {
    const before = Date.now();
    const kept = value(recordStop(stop()));
    const after = Date.now();
    auditStop.parse(kept);
    expect(kept).toMatchObject({
      orderId: ORDER_ID,
      code: 'OTC-9999',
      kind: 'not_on_order',
      reason: 'removed',
      note: NOTE_WITH_A_NAME,
      taskRef: null,
      user: { email: TECHNICIAN },
    });
    expect(kept.user.id).toEqual(expect.any(String));
    const at = Date.parse(kept.recordedAt);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(after);

    expect(await stopsOf(ORDER_ID)).toEqual([kept]);
    expect(audit.log.list({ orderId: ORDER_ID })).toEqual([]);
  });

  it('keeps a stop turned into a task with its task, and lists one order newest first', async () => {
    const reported = value(
      recordStop(
        stop({
          code: '(01)00000012345675(17)200101(10)LOT-OLD',
          matchedBy: 'gs1',
          lotId: 'lot-1',
          lot: 'LOT-OLD',
          expiry: '2020-01-01',
          kind: 'expired_lot',
          reason: 'reported_as_task',
          note: 'Reported as a discrepancy task.',
          taskRef: TASK_REF,
        }),
      ),
    );
    value(recordStop(stop({ orderId: 'another-order' })));
    const listed = await stopsOf(ORDER_ID);
    expect(listed.map((s) => s.kind)).toEqual(['expired_lot', 'not_on_order']);
    expect(listed[0]).toEqual(reported);
    expect(listed[0]).toMatchObject({ lot: 'LOT-OLD', expiry: '2020-01-01', taskRef: TASK_REF });
    expect(audit.log.stops({ orderId: ORDER_ID, limit: 1 })).toHaveLength(1);
  });

  it('refuses a who or a when sent by the renderer', async () => {
    const answer = recordStop({
      ...stop(),
      user: { email: 'someone.else@training.local' },
      recordedAt: '2000-01-01T00:00:00Z',
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(refusalOf(answer).message).toMatch(/"user"/);
    expect(refusalOf(answer).message).toMatch(/"recordedAt"/);
    expect(await stopsOf(ORDER_ID)).toHaveLength(2);
  });

  it('refuses a stop without its reason, note, kind or task, saying which field', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ note: '   ' }, 'note', /needs a note/],
      [{ reason: 'because' }, 'reason', /./],
      [{ kind: 'counted' }, 'kind', /./],
      [{ reason: 'reported_as_task', taskRef: null }, 'taskRef', /names its task/],
      [{ code: 'OTC\u00079999' }, 'code', /control characters/],
      [{ expiry: '01/01/2020' }, 'expiry', /./],
      [{ orderId: '' }, 'orderId', /./],
    ];
    for (const [change, field, message] of cases) {
      const answer = recordStop(stop(change));
      expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      const detail = refusalOf(answer).details?.find((d) => d.field === field);
      expect([field, detail?.message]).toEqual([field, expect.stringMatching(message)]);
    }
    expect(await stopsOf(ORDER_ID)).toHaveLength(2);
  });

  it('never writes a scanned code, a note or a name into the log', () => {
    expect(audit.lines.filter((line) => line.includes('hard stop recorded'))).toHaveLength(3);
    for (const text of ['OTC-9999', 'LOT-OLD', 'Placeholder', TECHNICIAN]) {
      expect(audit.lines.filter((line) => line.includes(text))).toEqual([]);
    }
  });

  it('keeps its stops across a restart, and nothing can change or remove one', async () => {
    audit.close();
    const db = new DatabaseSync(join(audit.dataDir, 'audit.db'));
    try {
      expect(() => db.exec("UPDATE verification_stops SET reason = 'other'")).toThrow(/append-only/);
      expect(() => db.exec('DELETE FROM verification_stops')).toThrow(/append-only/);
    } finally {
      db.close();
    }
    audit.reopen();
    const listed = await stopsOf(ORDER_ID);
    expect(listed.map((s) => [s.kind, s.reason])).toEqual([
      ['expired_lot', 'reported_as_task'],
      ['not_on_order', 'removed'],
    ]);
  });

  it('keeps nothing without someone signed in', () => {
    expect(recordStop(stop(), null)).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
  });
});
