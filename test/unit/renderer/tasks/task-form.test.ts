// The task form: what a person typed becomes a create or update body by the contract's schemas, or errors by field.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createBodyFrom,
  emptyTaskForm,
  type TaskFormValues,
  updateBodyFrom,
  valuesFromTask,
} from '../../../../renderer/screens/tasks/task-form.ts';
import { me, parker, task } from './fixtures.ts';

const filled = (fields: Partial<TaskFormValues> = {}) =>
  emptyTaskForm({ name: 'Call patient about address', category_code: 'T01', status_code: 'NEW', ...fields });

describe('a new task', () => {
  it('a name and a category make a create body; empty fields are left out', () => {
    expect(createBodyFrom(filled())).toEqual({
      ok: true,
      body: { name: 'Call patient about address', category_code: 'T01', status_code: 'NEW' },
    });
  });

  it('the assignee, watchers and links go as the service expects them', () => {
    const values = filled({ assignee: me.id, watchers: [parker.id], order_id: ` ${parker.id} ` });
    const check = createBodyFrom(values);
    expect(check).toMatchObject({
      ok: true,
      body: { assignee: me.id, watchers: [{ id: parker.id }], order_id: parker.id },
    });
  });

  it('a missing name and category are each reported beside their own field', () => {
    const check = createBodyFrom(emptyTaskForm());
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors.name).toBe('Give the task a name.');
    expect(check.errors.category_code).toBe('Choose a category.');
    expect(check.errors.form).toBeUndefined();
  });

  it('a link that is not a whole id is refused beside that link, not sent', () => {
    const check = createBodyFrom(filled({ prescription_id: '1000042' }));
    expect(check).toMatchObject({ ok: false, errors: { prescription_id: expect.stringContaining('full id') } });
  });

  it('a name of only spaces counts as no name', () => {
    expect(createBodyFrom(filled({ name: '   ' }))).toMatchObject({
      ok: false,
      errors: { name: 'Give the task a name.' },
    });
  });
});

describe('a change to a task', () => {
  const before = valuesFromTask(task({ order_id: parker.id, description: 'Box 4' }));

  it('only the fields that changed are sent', () => {
    const check = updateBodyFrom(before, { ...before, status_code: 'IN_PROGRESS', name: 'Reprint both labels' });
    expect(check).toEqual({ ok: true, body: { status_code: 'IN_PROGRESS', name: 'Reprint both labels' } });
  });

  it('emptying the description, the assignee or a link clears it', () => {
    const check = updateBodyFrom(before, { ...before, description: '', assignee: '', order_id: '' });
    expect(check).toEqual({ ok: true, body: { description: null, assignee: null, order_id: null } });
  });

  it('watchers in another order are not a change', () => {
    const two = { ...before, watchers: [me.id, parker.id] };
    expect(updateBodyFrom(two, { ...two, watchers: [parker.id, me.id] })).toMatchObject({ ok: false });
  });

  it('saving with nothing changed says so instead of sending an empty change', () => {
    expect(updateBodyFrom(before, before)).toEqual({
      ok: false,
      errors: { form: 'Nothing has changed: change a field, or close the form.' },
    });
  });

  it('the category is never sent, since a task keeps its category', () => {
    const check = updateBodyFrom(before, { ...before, category_code: 'T03', name: 'Moved' });
    expect(check).toEqual({ ok: true, body: { name: 'Moved' } });
  });
});

describe('whatever is typed', () => {
  it('a typed name either makes a body with the trimmed name or an error beside the name, never a throw', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 260 }), (name) => {
        const check = createBodyFrom(filled({ name }));
        const trimmed = name.trim();
        if (trimmed.length >= 1 && trimmed.length <= 200) {
          expect(check).toMatchObject({ ok: true, body: { name: trimmed } });
        } else {
          expect(check.ok).toBe(false);
          if (!check.ok) expect(Object.keys(check.errors)).toEqual(['name']);
        }
      }),
    );
  });

  it('a typed link is sent only when it is a UUID', () => {
    fc.assert(
      fc.property(fc.oneof(fc.uuid({ version: 4 }), fc.string({ maxLength: 40 })), (link) => {
        const check = createBodyFrom(filled({ order_id: link }));
        const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(link.trim());
        if (link.trim() === '') expect(check).toMatchObject({ ok: true });
        else if (isUuid) expect(check).toMatchObject({ ok: true, body: { order_id: link.trim() } });
        else expect(check).toMatchObject({ ok: false, errors: { order_id: expect.any(String) } });
      }),
    );
  });

  it('the same values before and after are never sent as a change', () => {
    const values = fc.record({
      name: fc.string({ maxLength: 30 }),
      description: fc.string({ maxLength: 30 }),
      category_code: fc.constantFrom('T01', 'T03'),
      status_code: fc.constantFrom('NEW', 'DONE'),
      assignee: fc.constantFrom('', me.id),
      watchers: fc.subarray([me.id, parker.id]),
      order_id: fc.constantFrom('', parker.id),
      patient_id: fc.constant(''),
      prescription_id: fc.constant(''),
    });
    fc.assert(
      fc.property(values, (v) => {
        expect(updateBodyFrom(v, { ...v }).ok).toBe(false);
      }),
    );
  });
});
