// What the renderer sees: onChange with the counts after every change, and logs that hold no token and no task text.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxChange } from '../../../../main/service/outbox/index.ts';
import { newTask, type OutboxRig, startRig, until } from './harness.ts';

let rig: OutboxRig;
beforeEach(async () => {
  rig = await startRig();
});
afterEach(() => rig.close());

describe('the live view of the queue', () => {
  it('onChange fires with the counts as writes are queued, sent and done', async () => {
    const outbox = rig.open();
    const changes: OutboxChange[] = [];
    const unsubscribe = outbox.onChange((change) => changes.push(change));
    const first = await outbox.enqueue({ kind: 'create', body: newTask('Seen live 1') });
    expect(changes.at(-1)).toEqual({
      counts: { queued: 1, sending: 0, failed: 0, done: 0, total: 1 },
      ids: [first.id],
    });
    await outbox.enqueue({ kind: 'create', body: newTask('Seen live 2') });
    outbox.start();
    await until('both done', () => outbox.counts().done === 2);
    expect(changes.some((c) => c.counts.sending > 0)).toBe(true);
    expect(changes.at(-1)!.counts).toEqual({ queued: 0, sending: 0, failed: 0, done: 2, total: 2 });

    unsubscribe();
    const seen = changes.length;
    await outbox.enqueue({ kind: 'create', body: newTask('Not seen') });
    expect(changes).toHaveLength(seen);
  });

  it('reports a parked write and its discard', async () => {
    const outbox = rig.open();
    outbox.start();
    const changes: OutboxChange[] = [];
    outbox.onChange((change) => changes.push(change));
    const entry = await outbox.enqueue({ kind: 'create', body: newTask('Parked', { category_code: 'T99' }) });
    await until('the park', () => changes.some((c) => c.counts.failed === 1));
    outbox.discard(entry.id);
    expect(changes.at(-1)).toEqual({
      counts: { queued: 0, sending: 0, failed: 0, done: 0, total: 0 },
      ids: [entry.id],
    });
  });

  it('a listener that throws does not stop the queue', async () => {
    const outbox = rig.open();
    outbox.onChange(() => {
      throw new Error('renderer gone');
    });
    outbox.start();
    await outbox.enqueue({ kind: 'create', body: newTask('Listener failure') });
    await until('done', () => outbox.counts().done === 1);
  });

  it('lists entries in queue order, filtered by state', async () => {
    rig.signedIn = false;
    const outbox = rig.open();
    const a = await outbox.enqueue({ kind: 'create', body: newTask('A') });
    const b = await outbox.enqueue({ kind: 'update', taskId: a.id, body: { description: 'v1' } });
    expect(outbox.entries().map((e) => [e.id, e.kind, e.state])).toEqual([
      [a.id, 'create', 'queued'],
      [b.id, 'update', 'queued'],
    ]);
    expect(outbox.entries({ states: ['done'] })).toEqual([]);
  });
});

describe('the outbox’s log', () => {
  it('holds no token and no task text, only ids, kinds and outcomes', async () => {
    const outbox = rig.open();
    outbox.start();
    rig.proxy.fail({ status: 503 });
    await outbox.enqueue({
      kind: 'create',
      body: newTask('Patient Jane Roe needs a call', { description: 'DOB 1950-01-01' }),
    });
    await outbox.enqueue({ kind: 'create', body: newTask('Refused', { category_code: 'T99' }) });
    await until('both settled', () => outbox.counts().done + outbox.counts().failed === 2);
    const log = rig.logLines.join('\n');
    expect(log).toContain('outbox write applied');
    expect(log).toContain('outbox write parked');
    expect(log).not.toContain(rig.service.tokens.admin);
    expect(log).not.toContain('Jane Roe');
    expect(log).not.toContain('1950-01-01');
  });
});
