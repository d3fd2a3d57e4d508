// What one kill trial queues: a few new tasks (create, updates, maybe complete) and updates to tasks of earlier trials.
import type { OutboxEntry, OutboxWrite } from '../../../main/service/outbox/index.ts';

/** Printed by the worker once enqueue resolved: the write is durable from then on. */
export interface Ack {
  id: string;
  kind: string;
  task: string;
  name?: string | undefined;
  version?: number | undefined;
}

/** One write of the plan; `newTask` names a task created earlier in the same plan, by its index. */
export interface Step {
  kind: 'create' | 'update' | 'complete';
  newTask?: number;
  /** An earlier trial's task: its placeholder or its service id. */
  ref?: string;
  name?: string;
  version?: number;
  pauseMs: number;
}

/** mulberry32: a small seeded generator, so a failing run can be repeated with its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const versionOf = (body: Record<string, unknown>): number => {
  const match = /^v(\d+)$/.exec(String(body.description ?? ''));
  return match ? Number(match[1]) : -1;
};

export function planTrial(trial: number, random: () => number, existing: readonly OutboxEntry[]): Step[] {
  const pick = (n: number) => Math.floor(random() * n);
  const pauseMs = () => (random() < 0.5 ? 0 : pick(6));
  const sequences: Step[][] = [];

  const newTasks = 2 + pick(3);
  for (let i = 0; i < newTasks; i++) {
    const name = `fault-t${trial}-${i}`;
    const steps: Step[] = [{ kind: 'create', newTask: i, name, version: 0, pauseMs: pauseMs() }];
    const updates = 1 + pick(3);
    for (let v = 1; v <= updates; v++) steps.push({ kind: 'update', newTask: i, version: v, pauseMs: pauseMs() });
    if (random() < 0.5) steps.push({ kind: 'complete', newTask: i, pauseMs: pauseMs() });
    sequences.push(steps);
  }

  // Updates to tasks of earlier lives, named by placeholder or (once known) by service id.
  const creates = existing.filter((e) => e.kind === 'create');
  const chosen = new Set<string>();
  for (let n = pick(3); n > 0 && creates.length > 0; n--) {
    const create = creates[pick(creates.length)] as OutboxEntry;
    if (chosen.has(create.id)) continue;
    chosen.add(create.id);
    const latest = Math.max(...existing.filter((e) => e.taskRef === create.taskRef).map((e) => versionOf(e.body)));
    const ref = create.taskId !== null && random() < 0.5 ? create.taskId : create.id;
    sequences.push([{ kind: 'update', ref, version: latest + 1, pauseMs: pauseMs() }]);
  }

  // Interleave the sequences, keeping each one's own order.
  const plan: Step[] = [];
  while (sequences.some((s) => s.length > 0)) {
    const open = sequences.filter((s) => s.length > 0);
    plan.push((open[pick(open.length)] as Step[]).shift() as Step);
  }
  return plan;
}

/** The write a step stands for, once the placeholders of this plan's creates are known. */
export function writeFor(step: Step, placeholders: readonly string[]): OutboxWrite {
  if (step.kind === 'create') {
    return { kind: 'create', body: { name: step.name as string, category_code: 'T06', description: 'v0' } };
  }
  const taskId = step.ref ?? (placeholders[step.newTask as number] as string);
  if (step.kind === 'complete') return { kind: 'complete', taskId };
  return { kind: 'update', taskId, body: { description: `v${step.version}` } };
}
