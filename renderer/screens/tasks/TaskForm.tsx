// The task form beside the list: create, edit, or correct a refused write. Ctrl+Enter saves, Escape closes; a scanned
// order is linked to the task; a refusal keeps everything typed and shows why beside the field.
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { TaskCategory, TaskStatus } from '../../../contract/service/tasks.ts';
import { useCommands } from '../../commands/command-store.ts';
import { playBad, playGood } from '../../feedback/sounds.ts';
import { useOffline } from '../../queries/connectivity.ts';
import { orderQueryKey } from '../../queries/orders.ts';
import { resolveScan } from '../../queries/scan.ts';
import { focusScanField } from '../../scan/focus.ts';
import { useClaimScans } from '../../scan/scan-target-store.ts';
import { notAnOrder } from '../../scan/scan-words.ts';
import { type Person, shortId } from './people.ts';
import { ShortcutButton } from './ShortcutHint.tsx';
import { TaskFormFields } from './TaskFormFields.tsx';
import type { FieldErrors, TaskFormField, TaskFormValues } from './task-form.ts';
import { taskShortcuts } from './task-shortcuts.ts';
import { type FormMode, useTaskSave } from './use-task-save.ts';
import { taskWords } from './wording.ts';

interface TaskFormProps {
  mode: FormMode;
  categories: readonly TaskCategory[];
  statuses: readonly TaskStatus[];
  people: readonly Person[];
  onSaved: (taskRef: string) => void;
  onClose: () => void;
  /** The field that gets the focus when the form opens. */
  focusField?: 'name' | 'status_code';
}

const titles: Record<FormMode['kind'], string> = taskWords.form.titles;

export function TaskForm({ mode, categories, statuses, people, onSaved, onClose, focusField = 'name' }: TaskFormProps) {
  const [values, setValues] = useState<TaskFormValues>(mode.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { save, saving } = useTaskSave();
  const offline = useOffline();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [badgePeople, setBadgePeople] = useState<Person[]>([]);
  // Ctrl+Enter twice in a row must not queue the task twice.
  const busy = useRef(false);

  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>(`[name="${focusField}"]`)?.focus();
  }, [focusField]);
  // After a refusal the focus goes to the first field that needs fixing.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const change = <F extends TaskFormField>(field: F, value: TaskFormValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined, form: undefined }));
  };

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (busy.current) return;
    busy.current = true;
    const outcome = await save(mode, values).finally(() => {
      busy.current = false;
    });
    if (!outcome.ok) {
      setErrors(outcome.errors);
      setRefusals((count) => count + 1);
      playBad();
      return;
    }
    playGood();
    onSaved(outcome.taskRef);
    focusScanField(true);
  }

  // A scanned order (its number, id or label) becomes the task's order link, and its patient when none is set; a
  // scanned staff badge becomes the assignee.
  useClaimScans(async (code) => {
    const found = await resolveScan(code, queryClient);
    if (found.kind === 'badge') {
      if (!people.some((person) => person.id === found.userId)) {
        setBadgePeople((current) => [
          ...current,
          { id: found.userId, name: taskWords.form.badge(shortId(found.userId)), role: null },
        ]);
      }
      change('assignee', found.userId);
      playGood();
      return;
    }
    if (found.kind === 'offline') {
      // Kept as scanned: the outbox looks it up when the service answers again.
      setValues((current) => ({ ...current, order_id: code }));
      setErrors((current) => ({ ...current, order_id: undefined }));
      playGood();
      return;
    }
    if (found.kind !== 'order') {
      setErrors((current) => ({ ...current, order_id: notAnOrder(found) }));
      playBad();
      return;
    }
    const order = queryClient.getQueryData<{ patient?: { id?: string } | null }>(orderQueryKey(found.orderId));
    setValues((current) => ({
      ...current,
      order_id: found.orderId,
      patient_id: current.patient_id || (order?.patient?.id ?? ''),
    }));
    setErrors((current) => ({ ...current, order_id: undefined }));
    playGood();
  }, taskWords.form.scanHint);

  useCommands([
    {
      id: 'tasks.form.save',
      title: taskWords.commands.save,
      group: taskWords.group,
      shortcut: taskShortcuts.save,
      run: () => void submit(),
    },
    {
      id: 'tasks.form.close',
      title: taskWords.commands.close,
      group: taskWords.group,
      shortcut: taskShortcuts.close,
      run: onClose,
    },
  ]);

  return (
    <form
      ref={formRef}
      className="card task-panel task-form"
      aria-label={titles[mode.kind]}
      onSubmit={submit}
      noValidate
    >
      <h2>{titles[mode.kind]}</h2>
      {mode.kind === 'correct' && mode.entry.problem ? (
        <p className="notice notice-bad">{taskWords.form.refused(mode.entry.problem.message)}</p>
      ) : null}
      {offline ? <p className="muted">{taskWords.form.offline}</p> : null}
      <TaskFormFields
        values={values}
        errors={errors}
        onChange={change}
        categories={categories}
        statuses={statuses}
        people={[...people, ...badgePeople]}
        categoryFixed={mode.kind === 'edit' || (mode.kind === 'correct' && mode.entry.kind !== 'create')}
      />
      {errors.form ? (
        <p className="notice notice-bad" role="alert">
          {errors.form}
        </p>
      ) : null}
      <div className="row task-form-actions">
        <ShortcutButton type="submit" primary disabled={saving} shortcut={taskShortcuts.save}>
          {mode.kind === 'correct' ? taskWords.form.sendAgain : taskWords.form.save}
        </ShortcutButton>
        <ShortcutButton onClick={onClose} shortcut={taskShortcuts.close}>
          {taskWords.form.close}
        </ShortcutButton>
      </div>
    </form>
  );
}
