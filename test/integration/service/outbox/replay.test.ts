// Replay over real HTTP: writes queued offline reach the service when it comes up, one task's writes in order.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newTask, type OutboxRig, startRig, until } from './harness.ts';

let rig: OutboxRig;
beforeEach(async () => {
  rig = await startRig();
});
afterEach(() => rig.close());

const taskAt = async (id: string) => (await rig.service.api('GET', `/api/v1/tasks/${id}`)).body;

describe('writes queued while the service is unreachable', () => {
  it('are kept, then reach the service once it comes up', async () => {
    rig.proxy.mode = 'down';
    const outbox = rig.open();
    outbox.start();
    const created = await outbox.enqueue({ kind: 'create', body: newTask('Call the prescriber about refills') });
    expect(created.state).toBe('queued');
    expect(created.taskRef).toBe(created.id);
    await until('two failed attempts', () => rig.proxy.seen.length >= 2 && outbox.get(created.id)?.state === 'queued');
    expect(outbox.counts()).toMatchObject({ queued: 1, done: 0, failed: 0 });
    expect(outbox.get(created.id)?.problem).toMatchObject({ status: 0, code: 'network' });

    rig.proxy.mode = 'pass';
    outbox.wake();
    await until('the create to be applied', () => outbox.counts().done === 1);
    const done = outbox.get(created.id)!;
    expect(done.taskId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await taskAt(done.taskId!)).name).toBe('Call the prescriber about refills');
    // Every attempt carried the entry's own id as its Idempotency-Key.
    expect(new Set(rig.proxy.seen.map((r) => r.key))).toEqual(new Set([created.id]));
  });

  it('survive a restart of the outbox before the service is back', async () => {
    rig.signedIn = false;
    const first = rig.open();
    first.start();
    const entry = await first.enqueue({ kind: 'create', body: newTask('Restock amoxicillin') });
    await first.close();

    rig.signedIn = true;
    const second = rig.open();
    expect(second.get(entry.id)?.state).toBe('queued');
    second.start();
    await until('the create to be applied', () => second.counts().done === 1);
    expect(rig.proxy.seen.filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});

describe('the order of one task’s writes', () => {
  it('an offline-created task gets its create, then its update, then its completion', async () => {
    rig.proxy.mode = 'down';
    const outbox = rig.open();
    outbox.start();
    const create = await outbox.enqueue({ kind: 'create', body: newTask('Verify insulin cold chain') });
    const update = await outbox.enqueue({
      kind: 'update',
      taskId: create.taskRef,
      body: { status_code: 'IN_PROGRESS', description: 'v1' },
    });
    const complete = await outbox.enqueue({ kind: 'complete', taskId: create.taskRef });
    expect([update.taskRef, complete.taskRef]).toEqual([create.id, create.id]);
    expect(update.taskId).toBeNull();

    rig.proxy.mode = 'pass';
    outbox.wake();
    await until('all three writes', () => outbox.counts().done === 3);
    const sent = rig.proxy.seen.filter((r) => r.status !== 0);
    expect(sent.map((r) => `${r.method} ${r.key}`)).toEqual([
      `POST ${create.id}`,
      `PATCH ${update.id}`,
      `PATCH ${complete.id}`,
    ]);
    const taskId = outbox.get(create.id)!.taskId!;
    expect(sent[1]!.path).toBe(`/api/v1/tasks/${taskId}`);
    expect(outbox.get(complete.id)!.taskId).toBe(taskId);
    const task = await taskAt(taskId);
    expect(task).toMatchObject({ status_code: 'DONE', description: 'v1' });
    expect(task.completed_at).toBeTruthy();
  });

  it('a write naming the task by its service id still waits behind writes that named its placeholder', async () => {
    const outbox = rig.open({ concurrency: 8 });
    outbox.start();
    const create = await outbox.enqueue({ kind: 'create', body: newTask('Count controlled substances') });
    await until('the create', () => outbox.counts().done === 1);
    const serviceId = outbox.get(create.id)!.taskId!;

    rig.proxy.mode = 'down';
    const byPlaceholder = await outbox.enqueue({ kind: 'update', taskId: create.id, body: { description: 'v1' } });
    const byServiceId = await outbox.enqueue({ kind: 'update', taskId: serviceId, body: { description: 'v2' } });
    expect(byServiceId.taskRef).toBe(create.id);
    rig.proxy.mode = 'pass';
    outbox.wake();
    await until('both updates', () => outbox.counts().done === 3);
    const patches = rig.proxy.seen.filter((r) => r.method === 'PATCH' && r.status === 200);
    expect(patches.map((r) => r.key)).toEqual([byPlaceholder.id, byServiceId.id]);
    expect((await taskAt(serviceId)).description).toBe('v2');
  });

  it('many tasks replay side by side while each keeps its own order', async () => {
    rig.proxy.mode = 'down';
    const outbox = rig.open({ concurrency: 4 });
    outbox.start();
    const creates = [];
    for (let i = 0; i < 12; i++) creates.push(await outbox.enqueue({ kind: 'create', body: newTask(`Batch ${i}`) }));
    for (let version = 1; version <= 3; version++) {
      for (const create of creates) {
        await outbox.enqueue({ kind: 'update', taskId: create.id, body: { description: `v${version}` } });
      }
    }
    rig.proxy.mode = 'pass';
    outbox.wake();
    await until('every write', () => outbox.counts().done === 48, 10_000);
    for (const create of creates) {
      expect((await taskAt(outbox.get(create.id)!.taskId!)).description).toBe('v3');
    }
  });
});

describe('who may replay', () => {
  it('waits while nobody is signed in and goes as soon as someone is', async () => {
    rig.signedIn = false;
    const outbox = rig.open({ idlePollMs: 60_000 });
    outbox.start();
    await outbox.enqueue({ kind: 'create', body: newTask('Label the will-call bins') });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(rig.proxy.seen).toHaveLength(0);
    rig.signedIn = true;
    outbox.wake();
    await until('the create', () => outbox.counts().done === 1);
  });

  it('replays an entry only under the user who queued it', async () => {
    let user = 'pharmacist-1';
    const outbox = rig.open({
      signedIn: () => ({ id: user, email: `${user}@training.local`, confirmed: true }),
      idlePollMs: 50,
    });
    rig.signedIn = false;
    outbox.start();
    await outbox.enqueue({ kind: 'create', body: newTask('Queued by the first pharmacist') });
    user = 'pharmacist-2';
    rig.signedIn = true;
    outbox.wake();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(outbox.counts()).toMatchObject({ queued: 1, done: 0 });
    user = 'pharmacist-1';
    outbox.wake();
    await until('the create', () => outbox.counts().done === 1);
  });
});
