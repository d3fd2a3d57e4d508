// A verification as a value: counts, stops that wait for their reason, undo, problems, and the audit record it makes,
// which the contract (what main checks) accepts.
import { describe, expect, it } from 'vitest';
import { auditRecordInput } from '../../../../contract/ipc/audit.ts';
import { readScannedCode } from '../../../../renderer/screens/verify/codes/scanned-code.ts';
import { matchCode } from '../../../../renderer/screens/verify/match.ts';
import {
  applyVerdict,
  auditRecordOf,
  countsOf,
  dismissStop,
  isComplete,
  lastUndoable,
  markReported,
  newSession,
  problemsOf,
  undoLast,
  type VerifySession,
} from '../../../../renderer/screens/verify/session.ts';
import { judgeScan } from '../../../../renderer/screens/verify/verdict.ts';
import { IDS, index, lines, TODAY } from './fixtures.ts';

const ORDER = { id: '99999999-9999-4999-8999-999999999999', orderNumber: '1000042' };

function scan(session: VerifySession, text: string, entry: 'scanner' | 'typed' = 'scanner'): VerifySession {
  const read = readScannedCode(text);
  if (!read.ok) throw new Error(read.message);
  const idx = index();
  const verdict = judgeScan({
    code: read.code,
    match: matchCode(read.code, idx, TODAY),
    lines: session.lines,
    counted: countsOf(session),
    index: idx,
    today: TODAY,
  });
  return applyVerdict(session, verdict, entry);
}

describe('a verification session', () => {
  it('counts scans per line and is complete when every line is', () => {
    let session = newSession(lines());
    session = scan(session, 'RX-0001');
    session = scan(session, '0777-3105-02', 'typed');
    expect(isComplete(session)).toBe(false);
    session = scan(session, 'MAT-0001');
    expect(countsOf(session)).toEqual(
      new Map([
        [IDS.lisinopril, 2],
        [IDS.box, 1],
      ]),
    );
    expect(isComplete(session)).toBe(true);
    const record = auditRecordOf(session, ORDER, 'verified', null);
    expect(auditRecordInput.safeParse(record).success).toBe(true);
    expect(record.scans.map((s) => [s.entry, s.matchedBy])).toEqual([
      ['scanner', 'sku'],
      ['typed', 'ndc'],
      ['scanner', 'sku'],
    ]);
  });

  it('holds a stop until it is dismissed with a reason, and takes no scan meanwhile', () => {
    let session = scan(newSession(lines()), 'OTC-0001');
    expect(session.pending).toMatchObject({ kind: 'not_on_order' });
    expect(session.scans).toEqual([]);
    expect(scan(session, 'RX-0001')).toBe(session);
    session = dismissStop(session, 'removed', '  Put back on the shelf  ', null);
    expect(session.pending).toBeNull();
    expect(session.scans).toEqual([
      expect.objectContaining({
        result: 'stopped',
        productId: IDS.ibuprofen,
        stop: { kind: 'not_on_order', reason: 'removed', note: 'Put back on the shelf', taskRef: null },
      }),
    ]);
    expect(problemsOf(session).stops).toHaveLength(1);
    const reported = markReported(session, [1], 'task-ref-1');
    expect(problemsOf(reported).stops).toHaveLength(0);
  });

  it('takes back the latest counted scan, once, and keeps the undo in the record', () => {
    let session = scan(scan(newSession(lines()), 'RX-0001'), 'MAT-0001');
    session = undoLast(session);
    expect(countsOf(session).get(IDS.box)).toBe(0);
    expect(lastUndoable(session)?.code).toBe('RX-0001');
    session = undoLast(session);
    expect(countsOf(session).get(IDS.lisinopril)).toBe(0);
    expect(undoLast(session)).toBe(session);
    expect(session.scans.map((s) => s.result)).toEqual(['counted', 'counted', 'undone', 'undone']);
    expect(session.scans.map((s) => s.undoes)).toEqual([null, null, 2, 1]);
  });

  it('lists short lines as problems, and ends short as a discrepancy the contract accepts', () => {
    let session = scan(newSession(lines()), 'RX-0001');
    session = scan(session, 'WHAT-IS-THIS');
    expect(problemsOf(session).short.map(({ line, scanned }) => [line.productId, scanned])).toEqual([
      [IDS.lisinopril, 1],
      [IDS.box, 0],
    ]);
    const record = auditRecordOf(session, ORDER, 'discrepancy', 'task-ref-2');
    expect(auditRecordInput.safeParse(record).success).toBe(true);
    expect(auditRecordInput.safeParse(auditRecordOf(session, ORDER, 'verified', null)).success).toBe(false);
    expect(problemsOf({ ...session, shortReportedIn: 'task-ref-2' }).short).toEqual([]);
  });

  it('takes nothing more once recorded', () => {
    const session = scan(newSession(lines()), 'RX-0001');
    const recorded = { ...session, recorded: { id: 'x' } as VerifySession['recorded'] };
    expect(scan(recorded, 'RX-0001')).toBe(recorded);
    expect(undoLast(recorded)).toBe(recorded);
  });
});
