// Outcome unknown: a write that was on the wire when the process died (or whose answer was lost) is reconciled, never doubled.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Db } from '../../../../kits/sqlite/db.ts';
import type { OutboxEntry } from '../../../../main/service/outbox/index.ts';
import { newTask, type OutboxRig, startRig, until } from './harness.ts';

let rig: OutboxRig;
beforeEach(async () => {
  rig = await startRig();
});
afterEach(() => rig.close());

/** What a crash mid-send leaves behind: the entry still 'sending', its send begun at `sentAt`. */
function leaveSending(entry: OutboxEntry, sentAt = Date.now()): void {
  const db = new Db(join(rig.dataDir, 'outbox.db'));
  db.run("UPDATE outbox_entries SET state = 'sending', sent_at = ?, attempts = 1 WHERE id = ?", sentAt, entry.id);
  db.close();
}

/** Queues a write without sending it (nobody signed in), then closes that outbox as a crash would leave it. */
async function queueOffline(write: Parameters<ReturnType<OutboxRig['open']>['enqueue']>[0]): Promise<OutboxEntry> {
  rig.signedIn = false;
  const outbox = rig.open();
  const entry = await outbox.enqueue(write);
  await outbox.close();
  rig.signedIn = true;
  return entry;
}

const tasksNamed = (name: string) => rig.service.service.db.all('SELECT id FROM tasks WHERE name = ?', name);

describe('a create whose outcome is unknown', () => {
  it('is resent with its key after a restart and the service answers the task it already made', async () => {
    const entry = await queueOffline({ kind: 'create', body: newTask('Crash during create') });
    // The crashed process's request reached the service and was applied; its answer never came back.
    const applied = await rig.service.api('POST', '/api/v1/tasks', {
      body: entry.body,
      headers: { 'Idempotency-Key': entry.id },
    });
    expect(applied.status).toBe(201);
    leaveSending(entry);

    const outbox = rig.open();
    expect(outbox.get(entry.id)!.state).toBe('sending');
    outbox.start();
    await until('the reconciled create', () => outbox.counts().done === 1);
    expect(outbox.get(entry.id)!.taskId).toBe(applied.body.id);
    expect(tasksNamed('Crash during create')).toHaveLength(1);
  });

  it('is not doubled when the service applied it but the answer was lost on the way back', async () => {
    rig.proxy.fail({ dropAnswer: true });
    const outbox = rig.open();
    outbox.start();
    const entry = await outbox.enqueue({ kind: 'create', body: newTask('Answer lost') });
    await until('the create', () => outbox.counts().done === 1);
    expect(rig.proxy.seen.map((r) => r.status)).toEqual([0, 201]);
    expect(tasksNamed('Answer lost')).toHaveLength(1);
    expect(outbox.get(entry.id)!.taskId).toBe((tasksNamed('Answer lost')[0] as { id: string }).id);
  });

  it('is parked for a person when it is older than the service keeps keys, since a resend could make a second task', async () => {
    const entry = await queueOffline({ kind: 'create', body: newTask('Sent two days ago') });
    leaveSending(entry, Date.now() - 48 * 3_600_000);
    const outbox = rig.open();
    outbox.start();
    await until('the park', () => outbox.counts().failed === 1);
    const parked = outbox.get(entry.id)!;
    expect(parked.problem).toMatchObject({
      code: 'outcome_unknown',
      message: expect.stringContaining('Check the task list'),
    });
    expect(parked.uncertain).toBe(true);
    expect(rig.proxy.seen).toHaveLength(0);
    // It may exist already: editing is refused, and a retry keeps the original key.
    expect(() => outbox.edit(entry.id, newTask('Sent two days ago, edited'))).toThrow(/may already have reached/);
    outbox.retry(entry.id);
    await until('the resend', () => rig.proxy.seen.length === 1);
    expect(rig.proxy.seen[0]!.key).toBe(entry.id);
  });
});

describe('an update whose outcome is unknown', () => {
  async function existingTask(name: string): Promise<string> {
    const created = await rig.service.api('POST', '/api/v1/tasks', { body: newTask(name) });
    return created.body.id;
  }

  it('is found already applied on the service and marked done without being sent again', async () => {
    const taskId = await existingTask('Update applied before the crash');
    const entry = await queueOffline({
      kind: 'update',
      taskId,
      body: { status_code: 'IN_PROGRESS', description: 'v1' },
    });
    await rig.service.api('PATCH', `/api/v1/tasks/${taskId}`, {
      body: entry.body,
      headers: { 'Idempotency-Key': entry.id },
    });
    leaveSending(entry);

    const outbox = rig.open();
    outbox.start();
    await until('the reconciled update', () => outbox.counts().done === 1);
    expect(rig.proxy.seen.map((r) => r.method)).toEqual(['GET']);
  });

  it('does not overwrite a colleague’s later change when it is resent with its key', async () => {
    const taskId = await existingTask('Update then a colleague');
    const entry = await queueOffline({ kind: 'update', taskId, body: { description: 'mine' } });
    await rig.service.api('PATCH', `/api/v1/tasks/${taskId}`, {
      body: entry.body,
      headers: { 'Idempotency-Key': entry.id },
    });
    await rig.service.api('PATCH', `/api/v1/tasks/${taskId}`, { body: { description: 'colleague' }, as: 'pharmacist' });
    leaveSending(entry);

    const outbox = rig.open();
    outbox.start();
    await until('the reconciled update', () => outbox.counts().done === 1);
    // The task no longer shows "mine", so the update is resent; the service recognises the key and changes nothing.
    expect(rig.proxy.seen.map((r) => `${r.method} ${r.status}`)).toEqual(['GET 200', 'PATCH 200']);
    const task = await rig.service.api('GET', `/api/v1/tasks/${taskId}`);
    expect(task.body.description).toBe('colleague');
  });

  it('is sent when the crash came before the service saw it', async () => {
    const taskId = await existingTask('Update lost in the crash');
    const entry = await queueOffline({ kind: 'update', taskId, body: { description: 'v1' } });
    leaveSending(entry);
    const outbox = rig.open();
    outbox.start();
    await until('the update', () => outbox.counts().done === 1);
    expect(rig.proxy.seen.map((r) => r.method)).toEqual(['GET', 'PATCH']);
    expect((await rig.service.api('GET', `/api/v1/tasks/${taskId}`)).body.description).toBe('v1');
  });
});

describe('the training service and Idempotency-Key on PATCH', () => {
  it('answers a repeated PATCH with its first answer and refuses the key for a different change', async () => {
    const taskId = (await rig.service.api('POST', '/api/v1/tasks', { body: newTask('Key on PATCH') })).body.id;
    const headers = { 'Idempotency-Key': `patch-${taskId}` };
    const first = await rig.service.api('PATCH', `/api/v1/tasks/${taskId}`, { body: { description: 'a' }, headers });
    await rig.service.api('PATCH', `/api/v1/tasks/${taskId}`, { body: { description: 'b' } });
    const again = await rig.service.api('PATCH', `/api/v1/tasks/${taskId}`, { body: { description: 'a' }, headers });
    expect(again.body).toEqual(first.body);
    expect((await rig.service.api('GET', `/api/v1/tasks/${taskId}`)).body.description).toBe('b');
    const other = await rig.service.api('PATCH', `/api/v1/tasks/${taskId}`, { body: { description: 'c' }, headers });
    expect(other.status).toBe(422);
  });
});
