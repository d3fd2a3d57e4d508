// Saving the task form: a new task, a change, or the correction of a write the service refused, all through the outbox.
import { useQueryClient } from '@tanstack/react-query';
import { uuid } from '../../../contract/service/common.ts';
import { useOffline } from '../../queries/connectivity.ts';
import { useCorrectWrite, useEnqueueTask } from '../../queries/outbox.ts';
import { resolveScan } from '../../queries/scan.ts';
import { messageOf } from '../../queries/station.ts';
import { notAnOrder } from '../../scan/scan-words.ts';
import { createBodyFrom, type FieldErrors, type TaskFormValues, updateBodyFrom } from './task-form.ts';
import type { OutboxEntryView, TaskRow } from './task-rows.ts';
import { taskWords } from './wording.ts';

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

  const offline = useOffline();

  /**
   * An order named by its number (typed or scanned) becomes its id; the service says which order that is. Offline, a
   * link that is not an id is kept as typed (`references`) and looked up by the outbox when it sends; the form's field
   * goes back to what it was, so the write itself changes nothing there.
   */
  async function withLinks(
    values: TaskFormValues,
    before: TaskFormValues | null,
  ): Promise<{ values: TaskFormValues; references: Record<string, string> | undefined } | { errors: FieldErrors }> {
    const next = { ...values };
    const references: Record<string, string> = {};
    const keepAsTyped = (link: 'order_id' | 'patient_id' | 'prescription_id', typed: string) => {
      references[link] = typed;
      next[link] = before?.[link] ?? '';
    };
    const order = values.order_id.trim();
    if (order !== '' && !isUuid(order)) {
      const found = await resolveScan(order, queryClient);
      if (found.kind === 'order') next.order_id = found.orderId;
      else if (found.kind === 'offline') keepAsTyped('order_id', order);
      else return { errors: { order_id: notAnOrder(found) } };
    }
    for (const link of ['patient_id', 'prescription_id'] as const) {
      const typed = values[link].trim();
      if (offline && typed !== '' && !isUuid(typed)) keepAsTyped(link, typed);
    }
    return { values: next, references: Object.keys(references).length > 0 ? references : undefined };
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
    const resolved = await withLinks(typed, mode.kind === 'create' ? null : mode.initial);
    if ('errors' in resolved) return { ok: false, errors: resolved.errors };
    const { values, references } = resolved;
    const refs = references ? { references } : {};
    if (mode.kind === 'create') {
      const check = createBodyFrom(values);
      if (!check.ok) return check;
      return send(async () => (await enqueue.mutateAsync({ kind: 'create', body: check.body, ...refs })).taskRef);
    }
    if (references) {
      // A new task keeps a link as typed; a change to one already sent waits for the service to say what it names.
      const link = Object.keys(references)[0] as keyof FieldErrors;
      return { ok: false, errors: { [link]: taskWords.form.linkOffline } };
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
