// A verification as a value: counts, stops that wait for their reason, undo, problems, and the audit record it makes,
// which the contract (what main checks) accepts.
import { describe, expect, it } from 'vitest';
import { auditRecordInput } from '../../../../contract/ipc/audit.ts';
import { readScannedCode } from '../../../../rules/verification/codes/scanned-code.ts';
import { matchCode } from '../../../../rules/verification/match.ts';
import {
  applyVerdict,
  auditRecordOf,
  countsOf,
  dismissStop,
  isComplete,
  lastUndoable,
  markReported,
  newRun,
  problemsOf,
  undoLast,
  type VerifyRun,
} from '../../../../rules/verification/run.ts';
import { judgeScan } from '../../../../rules/verification/verdict.ts';
import { IDS, index, lines, TODAY } from './fixtures.ts';

const ORDER = { id: '99999999-9999-4999-8999-999999999999', orderNumber: '1000042' };

function scan(run: VerifyRun, text: string, entry: 'scanner' | 'typed' = 'scanner'): VerifyRun {
  const read = readScannedCode(text);
  if (!read.ok) throw new Error(read.message);
  const idx = index();
  const verdict = judgeScan({
    code: read.code,
    match: matchCode(read.code, idx, TODAY),
    lines: run.lines,
    counted: countsOf(run),
    index: idx,
    today: TODAY,
  });
  return applyVerdict(run, verdict, entry);
}

describe('a verification run', () => {
  it('counts scans per line and is complete when every line is', () => {
    let run = newRun(lines());
    run = scan(run, 'RX-0001');
    run = scan(run, '0777-3105-02', 'typed');
    expect(isComplete(run)).toBe(false);
    run = scan(run, 'MAT-0001');
    expect(countsOf(run)).toEqual(
      new Map([
        [IDS.lisinopril, 2],
        [IDS.box, 1],
      ]),
    );
    expect(isComplete(run)).toBe(true);
    const record = auditRecordOf(run, ORDER, 'verified', null);
    expect(auditRecordInput.safeParse(record).success).toBe(true);
    expect(record.scans.map((s) => [s.entry, s.matchedBy])).toEqual([
      ['scanner', 'sku'],
      ['typed', 'ndc'],
      ['scanner', 'sku'],
    ]);
  });

  it('holds a stop until it is dismissed with a reason, and takes no scan meanwhile', () => {
    let run = scan(newRun(lines()), 'OTC-0001');
    expect(run.pending).toMatchObject({ kind: 'not_on_order' });
    expect(run.scans).toEqual([]);
    expect(scan(run, 'RX-0001')).toBe(run);
    run = dismissStop(run, 'removed', '  Put back on the shelf  ', null);
    expect(run.pending).toBeNull();
    expect(run.scans).toEqual([
      expect.objectContaining({
        result: 'stopped',
        productId: IDS.ibuprofen,
        stop: { kind: 'not_on_order', reason: 'removed', note: 'Put back on the shelf', taskRef: null },
      }),
    ]);
    expect(problemsOf(run).stops).toHaveLength(1);
    const reported = markReported(run, [1], 'task-ref-1');
    expect(problemsOf(reported).stops).toHaveLength(0);
  });

  it('takes back the latest counted scan, once, and keeps the undo in the record', () => {
    let run = scan(scan(newRun(lines()), 'RX-0001'), 'MAT-0001');
    run = undoLast(run);
    expect(countsOf(run).get(IDS.box)).toBe(0);
    expect(lastUndoable(run)?.code).toBe('RX-0001');
    run = undoLast(run);
    expect(countsOf(run).get(IDS.lisinopril)).toBe(0);
    expect(undoLast(run)).toBe(run);
    expect(run.scans.map((s) => s.result)).toEqual(['counted', 'counted', 'undone', 'undone']);
    expect(run.scans.map((s) => s.undoes)).toEqual([null, null, 2, 1]);
  });

  it('lists short lines as problems, and ends short as a discrepancy the contract accepts', () => {
    let run = scan(newRun(lines()), 'RX-0001');
    run = scan(run, 'WHAT-IS-THIS');
    expect(problemsOf(run).short.map(({ line, scanned }) => [line.productId, scanned])).toEqual([
      [IDS.lisinopril, 1],
      [IDS.box, 0],
    ]);
    const record = auditRecordOf(run, ORDER, 'discrepancy', 'task-ref-2');
    expect(auditRecordInput.safeParse(record).success).toBe(true);
    expect(auditRecordInput.safeParse(auditRecordOf(run, ORDER, 'verified', null)).success).toBe(false);
    expect(problemsOf({ ...run, shortReportedIn: 'task-ref-2' }).short).toEqual([]);
  });

  it('takes nothing more once recorded', () => {
    const run = scan(newRun(lines()), 'RX-0001');
    const recorded = { ...run, recorded: { id: 'x' } as VerifyRun['recorded'] };
    expect(scan(recorded, 'RX-0001')).toBe(recorded);
    expect(undoLast(recorded)).toBe(recorded);
  });
});
