// Saving the task form: a new task, a change, or the correction of a write the service refused, all through the outbox.
import { useQueryClient } from '@tanstack/react-query';
import { uuid } from '../../../contract/service/common.ts';
import { useCorrectWrite, useEnqueueTask } from '../../queries/outbox.ts';
import { messageOf } from '../../queries/station.ts';
import { notAnOrder, resolveScan } from '../../scan/resolve-scan.ts';
import { createBodyFrom, type FieldErrors, type TaskFormValues, updateBodyFrom } from './task-form.ts';
import type { OutboxEntryView, TaskRow } from './task-rows.ts';

export type FormMode =
  | { kind: 'create'; initial: TaskFormValues }
  | { kind: 'edit'; row: TaskRow; initial: TaskFormValues }
  /** A refused write, corrected: `before` is the task as it was before that write. */
  | { kind: 'correct'; row: TaskRow; entry: OutboxEntryView; before: TaskFormValues; initial: TaskFormValues };

export type SaveOutcome = { ok: true; taskRef: string } | { ok: false; errors: FieldErrors };

export const isUuid = (value: string) => uuid.safeParse(value.trim()).success;

export function useTaskSave() {
  const queryClient = useQueryClient();
  const enqueue = useEnqueueTask();
  const correct = useCorrectWrite();

  /** An order named by its number (typed or scanned) becomes its id; the service says which order that is. */
  async function withOrderId(values: TaskFormValues): Promise<{ values: TaskFormValues } | { errors: FieldErrors }> {
    const reference = values.order_id.trim();
    if (reference === '' || isUuid(reference)) return { values };
    const found = await resolveScan(reference, queryClient);
    if (found.kind === 'order') return { values: { ...values, order_id: found.orderId } };
    return { errors: { order_id: notAnOrder(found) } };
  }

  /** Sends the checked write; a refusal from the station keeps everything typed and says why. */
  async function send(run: () => Promise<string>): Promise<SaveOutcome> {
    try {
      return { ok: true, taskRef: await run() };
    } catch (error) {
      return { ok: false, errors: { form: messageOf(error) } };
    }
  }

  async function save(mode: FormMode, typed: TaskFormValues): Promise<SaveOutcome> {
    const resolved = await withOrderId(typed);
    if ('errors' in resolved) return { ok: false, errors: resolved.errors };
    const { values } = resolved;
    if (mode.kind === 'create') {
      const check = createBodyFrom(values);
      if (!check.ok) return check;
      return send(async () => (await enqueue.mutateAsync({ kind: 'create', body: check.body })).taskRef);
    }
    if (mode.kind === 'edit') {
      const check = updateBodyFrom(mode.initial, values);
      if (!check.ok) return check;
      return send(async () => {
        await enqueue.mutateAsync({ kind: 'update', taskId: mode.row.taskRef, body: check.body });
        return mode.row.key;
      });
    }
    const check = mode.entry.kind === 'create' ? createBodyFrom(values) : updateBodyFrom(mode.before, values);
    if (!check.ok) return check;
    return send(async () => {
      await correct.mutateAsync({ id: mode.entry.id, body: check.body as Record<string, unknown> });
      return mode.row.key;
    });
  }

  return { save, saving: enqueue.isPending || correct.isPending };
}
