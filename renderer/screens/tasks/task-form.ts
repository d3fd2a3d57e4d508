// The task form's values and their checks: what a person typed becomes a create or update body by the contract's own
// schemas, or an error beside each field that is wrong (the values themselves are never thrown away).
import type { z } from 'zod';
import {
  type Task,
  type TaskCreateBody,
  type TaskUpdateBody,
  taskCreateBody,
  taskUpdateBody,
} from '../../../contract/service/tasks.ts';

export interface TaskFormValues {
  name: string;
  description: string;
  category_code: string;
  status_code: string;
  /** A person's id, or '' for nobody. */
  assignee: string;
  watchers: string[];
  order_id: string;
  patient_id: string;
  prescription_id: string;
}

export type TaskFormField = keyof TaskFormValues;
export type FieldErrors = Partial<Record<TaskFormField | 'form', string>>;

export type FormCheck<B> = { ok: true; body: B } | { ok: false; errors: FieldErrors };

const LINKS = ['order_id', 'patient_id', 'prescription_id'] as const;

export function emptyTaskForm(defaults: Partial<TaskFormValues> = {}): TaskFormValues {
  return {
    name: '',
    description: '',
    category_code: '',
    status_code: '',
    assignee: '',
    watchers: [],
    order_id: '',
    patient_id: '',
    prescription_id: '',
    ...defaults,
  };
}

export function valuesFromTask(task: Task): TaskFormValues {
  return {
    name: task.name ?? '',
    description: task.description ?? '',
    category_code: task.category_code ?? '',
    status_code: task.status_code ?? '',
    assignee: task.assignee_id ?? task.assignee?.id ?? '',
    watchers: (task.watchers ?? []).map((watcher) => watcher.id),
    order_id: task.order_id ?? '',
    patient_id: task.patient_id ?? '',
    prescription_id: task.prescription_id ?? '',
  };
}

/** Words a person can act on, for the issue zod found in one field. */
function messageFor(field: TaskFormField | 'form', issue: z.core.$ZodIssue): string {
  switch (field) {
    case 'name':
      return issue.code === 'too_big' ? 'Keep the name to 200 characters or fewer.' : 'Give the task a name.';
    case 'description':
      return 'Keep the description to 5,000 characters or fewer.';
    case 'category_code':
      return 'Choose a category.';
    case 'status_code':
      return 'Choose a status.';
    case 'assignee':
      return 'Choose a person from the list, or nobody.';
    case 'watchers':
      return issue.code === 'too_big' ? 'At most 50 watchers.' : 'Choose watchers from the list.';
    case 'order_id':
    case 'patient_id':
    case 'prescription_id':
      return 'Paste the full id (a UUID such as 3f2a…-…), or leave it empty.';
    default:
      return issue.message === 'an update names at least one field'
        ? 'Nothing has changed: change a field, or close the form.'
        : issue.message;
  }
}

const FIELDS = new Set<string>([
  'name',
  'description',
  'category_code',
  'status_code',
  'assignee',
  'watchers',
  ...LINKS,
]);

function errorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const head = issue.path[0];
    const field = typeof head === 'string' && FIELDS.has(head) ? (head as TaskFormField) : 'form';
    errors[field] ??= messageFor(field, issue);
  }
  return errors;
}

const trimmed = (value: string) => value.trim();

/** A create body: empty optional fields are left out; the category and name are required by the contract. */
export function createBodyFrom(values: TaskFormValues): FormCheck<TaskCreateBody> {
  const body: Record<string, unknown> = { name: values.name, category_code: trimmed(values.category_code) };
  if (values.description.trim() !== '') body.description = values.description;
  if (values.status_code.trim() !== '') body.status_code = trimmed(values.status_code);
  if (values.assignee.trim() !== '') body.assignee = trimmed(values.assignee);
  if (values.watchers.length > 0) body.watchers = values.watchers.map((id) => ({ id }));
  for (const link of LINKS) if (values[link].trim() !== '') body[link] = trimmed(values[link]);
  const parsed = taskCreateBody.safeParse(body);
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, errors: errorsOf(parsed.error) };
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/**
 * An update body with only the fields that changed from `before`; emptying an optional field clears it (null). The
 * category is fixed once a task exists, so it is never sent. Nothing changed is refused by the contract's own rule.
 */
export function updateBodyFrom(before: TaskFormValues, values: TaskFormValues): FormCheck<TaskUpdateBody> {
  const body: Record<string, unknown> = {};
  if (values.name !== before.name) body.name = values.name;
  if (values.description !== before.description)
    body.description = values.description === '' ? null : values.description;
  if (trimmed(values.status_code) !== trimmed(before.status_code)) body.status_code = trimmed(values.status_code);
  if (trimmed(values.assignee) !== trimmed(before.assignee)) body.assignee = trimmed(values.assignee) || null;
  if (!sameList(values.watchers, before.watchers)) body.watchers = values.watchers.map((id) => ({ id }));
  for (const link of LINKS)
    if (trimmed(values[link]) !== trimmed(before[link])) body[link] = trimmed(values[link]) || null;
  const parsed = taskUpdateBody.safeParse(body);
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, errors: errorsOf(parsed.error) };
}
