// Tasks, outbox entries and code tables as the station hands them to the tasks screen, for the renderer's unit tests.
import type { Task } from '../../../../contract/service/tasks.ts';
import type { Person } from '../../../../renderer/screens/tasks/people.ts';
import type { NamingContext, OutboxEntryView } from '../../../../renderer/screens/tasks/task-rows.ts';

export const me: Person = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Taylor Technician',
  role: null,
  me: true,
};
export const parker: Person = { id: '22222222-2222-4222-8222-222222222222', name: 'Parker Pharmacist', role: null };

export const statuses = [
  { code: 'NEW', name: 'New', is_final: false },
  { code: 'IN_PROGRESS', name: 'In Progress', is_final: false },
  { code: 'DONE', name: 'Done', is_final: true },
];
export const categories = [
  { code: 'T01', name: 'Order' },
  { code: 'T03', name: 'Inventory' },
];

export const naming: NamingContext = { statuses, categories, people: [me, parker] };

let counter = 0;
let sequence = 0;
/** A fresh UUID-shaped id, distinct on every call. */
export function nextId(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
}

export function task(fields: Partial<Task> = {}): Task {
  return {
    id: nextId(),
    name: 'Reprint shipping label',
    category_code: 'T05',
    category_name: 'Shipping',
    status_code: 'NEW',
    status_name: 'New',
    assignee: { id: me.id, first_name: 'Taylor', last_name: 'Technician', role: 'technician' },
    assignee_id: me.id,
    created_at: '2026-03-01T10:00:00Z',
    watchers: [],
    ...fields,
  };
}

export function entry(fields: Partial<OutboxEntryView> & Pick<OutboxEntryView, 'kind'>): OutboxEntryView {
  const id = fields.id ?? nextId();
  return {
    id,
    seq: ++sequence,
    taskRef: id,
    references: null,
    taskId: null,
    body: {},
    state: 'queued',
    attempts: 0,
    uncertain: false,
    problem: null,
    nextAttemptAt: null,
    blockedBy: null,
    queuedBy: 'unknown',
    createdAt: '2026-03-02T09:00:00Z',
    updatedAt: '2026-03-02T09:00:00Z',
    ...fields,
  };
}
