// Refusals and outages over real HTTP: a 4xx parks with the service's message for a person; 5xx and 429 back off.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OutboxError } from '../../../../main/service/outbox/index.ts';
import { newTask, type OutboxRig, startRig, until } from './harness.ts';

let rig: OutboxRig;
beforeEach(async () => {
  rig = await startRig();
});
afterEach(() => rig.close());

describe('a write the service refuses', () => {
  it('is parked with the service’s message, and gets through once edited and retried', async () => {
    const outbox = rig.open();
    outbox.start();
    const entry = await outbox.enqueue({ kind: 'create', body: newTask('Reorder gauze', { category_code: 'T99' }) });
    await until('the refusal', () => outbox.counts().failed === 1);
    const parked = outbox.get(entry.id)!;
    expect(parked.problem).toEqual({
      status: 400,
      code: 'bad_request',
      message: expect.stringContaining('There is no task category "T99"'),
    });
    expect(parked.uncertain).toBe(false);
    // Parked means parked: nothing is sent again until a person acts.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(rig.proxy.seen).toHaveLength(1);

    const edited = outbox.edit(entry.id, newTask('Reorder gauze', { category_code: 'T03' }));
    expect(edited.state).toBe('failed');
    expect(edited.body.category_code).toBe('T03');
    const retried = outbox.retry(entry.id);
    expect(retried.state).toBe('queued');
    await until('the corrected create', () => outbox.counts().done === 1);
    // The corrected request is a new request, so it goes under a new Idempotency-Key.
    expect(rig.proxy.seen.map((r) => r.key)).toEqual([entry.id, `${entry.id}.1`]);
    const task = await rig.service.api('GET', `/api/v1/tasks/${outbox.get(entry.id)!.taskId}`);
    expect(task.body.category_code).toBe('T03');
  });

  it('refuses an edit that the service would refuse as well, and keeps the entry as it was', async () => {
    const outbox = rig.open();
    outbox.start();
    const entry = await outbox.enqueue({ kind: 'create', body: newTask('Shred old labels', { category_code: 'T99' }) });
    await until('the refusal', () => outbox.counts().failed === 1);
    expect(() => outbox.edit(entry.id, { name: '' })).toThrow(OutboxError);
    expect(outbox.get(entry.id)!.body.name).toBe('Shred old labels');
  });

  it('is removed when a person discards it', async () => {
    const outbox = rig.open();
    outbox.start();
    const entry = await outbox.enqueue({ kind: 'create', body: newTask('Bad category', { category_code: 'T99' }) });
    await until('the refusal', () => outbox.counts().failed === 1);
    outbox.discard(entry.id);
    expect(outbox.get(entry.id)).toBeNull();
    expect(outbox.counts().total).toBe(0);
    expect(() => outbox.discard(entry.id)).toThrow(/no longer exists/);
  });

  it('holds back the later writes of its task, which are parked in turn if its new task is discarded', async () => {
    const outbox = rig.open();
    outbox.start();
    const create = await outbox.enqueue({ kind: 'create', body: newTask('Wrong code', { category_code: 'T99' }) });
    const update = await outbox.enqueue({ kind: 'update', taskId: create.id, body: { description: 'v1' } });
    const other = await outbox.enqueue({ kind: 'create', body: newTask('Another task goes ahead') });
    await until('the refusal and the other task', () => outbox.counts().failed === 1 && outbox.counts().done === 1);
    expect(outbox.get(update.id)).toMatchObject({ state: 'queued', blockedBy: create.id });
    expect(outbox.get(other.id)!.state).toBe('done');

    outbox.discard(create.id);
    expect(outbox.get(update.id)).toMatchObject({ state: 'failed', problem: { code: 'task_discarded' } });
    outbox.discard(update.id);
    expect(outbox.counts()).toMatchObject({ failed: 0, queued: 0, done: 1 });
  });

  it('refuses a bad write at once instead of queueing it', async () => {
    const outbox = rig.open();
    // A write the types refuse (no category), sent as a page could send it: unchecked, by name.
    const unchecked = (write: unknown) => write as Parameters<typeof outbox.enqueue>[0];
    await expect(outbox.enqueue(unchecked({ kind: 'create', body: { name: 'x' } }))).rejects.toMatchObject({
      code: 'invalid_write',
      message: expect.stringContaining('category_code'),
    });
    await expect(outbox.enqueue({ kind: 'update', taskId: 'not-a-task', body: { name: 'y' } })).rejects.toThrow(
      OutboxError,
    );
    await expect(outbox.enqueue({ kind: 'update', taskId: crypto.randomUUID(), body: {} })).rejects.toThrow(
      /at least one field/,
    );
    expect(outbox.counts().total).toBe(0);
  });
});

describe('an overloaded or failing service', () => {
  it('answers 5xx a few times: the write backs off, then goes through with the same key', async () => {
    const outbox = rig.open({ backoff: { baseMs: 40, maxMs: 1_000 }, random: () => 0.99 });
    outbox.start();
    rig.proxy.fail({ status: 503 }, { status: 502 }, { status: 500 });
    const entry = await outbox.enqueue({ kind: 'create', body: newTask('Check the fridge log') });
    await until('the create after three failures', () => outbox.counts().done === 1);
    const attempts = rig.proxy.seen;
    expect(attempts.map((r) => r.status)).toEqual([503, 502, 500, 201]);
    expect(new Set(attempts.map((r) => r.key))).toEqual(new Set([entry.id]));
    // Full jitter with random near 1 waits close to 40, 80 and 160 ms: each wait longer than the one before.
    const gaps = attempts.slice(1).map((r, i) => r.at - attempts[i]!.at);
    expect(gaps[0]).toBeGreaterThanOrEqual(30);
    expect(gaps[1]).toBeGreaterThan(gaps[0]!);
    expect(gaps[2]).toBeGreaterThan(gaps[1]!);
    const tasks = rig.service.service.db.all("SELECT id FROM tasks WHERE name = 'Check the fridge log'");
    expect(tasks).toHaveLength(1);
  });

  it('asks to slow down with 429 and Retry-After: nothing is sent before the wait is over', async () => {
    const outbox = rig.open({ backoff: { baseMs: 10, maxMs: 50 } });
    outbox.start();
    rig.proxy.fail({ status: 429, headers: { 'retry-after': '1' } });
    const first = await outbox.enqueue({ kind: 'create', body: newTask('Slow down 1') });
    await until('the 429', () => outbox.get(first.id)!.problem?.status === 429);
    await outbox.enqueue({ kind: 'create', body: newTask('Slow down 2') });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(rig.proxy.seen).toHaveLength(1);
    expect(outbox.get(first.id)!.problem).toMatchObject({ status: 429 });
    await until('both creates', () => outbox.counts().done === 2, 5_000);
    expect(rig.proxy.seen[1]!.at - rig.proxy.seen[0]!.at).toBeGreaterThanOrEqual(950);
  });
});
