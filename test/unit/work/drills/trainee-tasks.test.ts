// Which of the outbox's task writes a drill scores as the trainee's: a create for the drill's order that main's
// session had the trainee, confirmed by the service, queue. A write queued by nobody known never counts.
import { describe, expect, it } from 'vitest';
import type { OutboxEntry, OutboxQueuedBy } from '../../../../main/service/outbox/index.ts';
import { traineeTasks } from '../../../../main/work/drills/drill-records.ts';

const TRAINEE = 'technician@training.local';
let seq = 0;
function create(queuedBy: OutboxQueuedBy, orderId = 'o-1', kind: OutboxEntry['kind'] = 'create'): OutboxEntry {
  seq += 1;
  return {
    id: `e-${seq}`,
    seq,
    kind,
    taskRef: `e-${seq}`,
    taskId: null,
    body: { name: `Task ${seq}`, description: 'Short lines: Metformin', order_id: orderId },
    references: null,
    state: 'queued',
    attempts: 0,
    uncertain: false,
    problem: null,
    nextAttemptAt: null,
    blockedBy: null,
    createdAt: '2026-11-27T09:00:00.000Z',
    updatedAt: '2026-11-27T09:00:00.000Z',
    queuedBy,
  };
}
const names = (entries: OutboxEntry[]) => traineeTasks(entries, 'o-1', TRAINEE).map((t) => t.name);

describe("a drill's task writes, as the trainee's", () => {
  it('counts a create for the order the trainee queued, whatever the case of their e-mail', () => {
    const own = create({ id: 'u-3', email: 'Technician@Training.local', confirmed: true });
    expect(names([own])).toEqual([own.body.name]);
  });

  it('never counts a write queued before who was kept ("unknown"), or by someone else', () => {
    const unknown = create('unknown');
    const pharmacist = create({ id: 'u-2', email: 'pharmacist@training.local', confirmed: true });
    expect(names([unknown, pharmacist])).toEqual([]);
  });

  it('never counts the trainee on a sign-in read back from disk that the service had not confirmed', () => {
    expect(names([create({ id: 'u-3', email: TRAINEE, confirmed: false })])).toEqual([]);
  });

  it("counts only the drill's order and only a create", () => {
    const by = { id: 'u-3', email: TRAINEE, confirmed: true } as const;
    expect(names([create(by, 'o-2'), create(by, 'o-1', 'update')])).toEqual([]);
  });
});
