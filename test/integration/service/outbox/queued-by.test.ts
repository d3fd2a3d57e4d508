// Who queued each write: the outbox keeps who main's session had signed in (and whether the service had confirmed
// them) with each entry, across a restart; a queue written before it kept this is read as queued by 'unknown'.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Db } from '../../../../kits/sqlite/db.ts';
import type { OutboxQueuedBy } from '../../../../main/service/outbox/index.ts';
import { outboxMigrations } from '../../../../main/service/outbox/schema.ts';
import { newTask, type OutboxRig, startRig, until } from './harness.ts';

let rig: OutboxRig;
beforeEach(async () => {
  rig = await startRig();
});
afterEach(() => rig.close());

describe('who queued a task write', () => {
  it('is whoever main’s session had signed in when it was queued, confirmed or read back from disk, and stays so after a restart', async () => {
    let signedIn: OutboxQueuedBy = { id: 'u-7', email: 'technician@training.local', confirmed: true };
    const outbox = rig.open({ signedIn: () => signedIn });
    const first = await outbox.enqueue({ kind: 'create', body: newTask('Queued by the technician') });
    signedIn = { id: 'u-8', email: 'pharmacist@training.local', confirmed: false };
    const second = await outbox.enqueue({ kind: 'create', body: newTask('Queued on a sign-in read back from disk') });
    expect(first.queuedBy).toEqual({ id: 'u-7', email: 'technician@training.local', confirmed: true });
    expect(second.queuedBy).toEqual({ id: 'u-8', email: 'pharmacist@training.local', confirmed: false });
    await outbox.close();

    const again = rig.open();
    expect(again.get(first.id)?.queuedBy).toEqual(first.queuedBy);
    expect(again.get(second.id)?.queuedBy).toEqual(second.queuedBy);
    // An outbox told nothing of the session keeps its writes as nobody's.
    expect((await again.enqueue({ kind: 'create', body: newTask('Nobody said who') })).queuedBy).toBe('unknown');
  });

  it('is "unknown" for a write a station queued before the outbox kept it, which is still read and sent', async () => {
    const old = new Db(join(rig.dataDir, 'outbox.db'), { synchronous: 'FULL' });
    old.migrate(outboxMigrations.filter((m) => m.version <= 3));
    old.run(
      `INSERT INTO outbox_entries (id, kind, task_key, placeholder, body, state, idempotency_key, actor,
         next_attempt_at, created_at, updated_at) VALUES ('old-1', 'create', 'old-1', 1, ?, 'queued', 'old-1', NULL, 0, 0, 0)`,
      JSON.stringify(newTask('Queued before who was kept')),
    );
    old.close();

    const outbox = rig.open();
    expect(outbox.get('old-1')).toMatchObject({ kind: 'create', state: 'queued', queuedBy: 'unknown' });
    outbox.start();
    await until('the old write is sent', () => outbox.get('old-1')?.state === 'done');
    expect(outbox.get('old-1')?.queuedBy).toBe('unknown');
  });
});
