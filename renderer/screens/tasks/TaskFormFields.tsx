// The task form's fields, each with its label and, beside it, what is wrong with it.
import type { ReactNode } from 'react';
import type { TaskCategory, TaskStatus } from '../../../contract/service/tasks.ts';
import { type Person, pickerLabel } from './people.ts';
import type { FieldErrors, TaskFormField, TaskFormValues } from './task-form.ts';
import { taskWords } from './wording.ts';

interface FieldsProps {
  values: TaskFormValues;
  errors: FieldErrors;
  onChange: <F extends TaskFormField>(field: F, value: TaskFormValues[F]) => void;
  categories: readonly TaskCategory[];
  statuses: readonly TaskStatus[];
  people: readonly Person[];
  /** The category is fixed once the task exists. */
  categoryFixed: boolean;
}

const controlId = (field: string) => `task-form-${field}`;
const errorId = (field: string) => `task-form-${field}-error`;

function Field({
  field,
  label,
  errors,
  children,
}: {
  field: TaskFormField;
  label: string;
  errors: FieldErrors;
  children: ReactNode;
}) {
  return (
    <div className="field task-field">
      <label htmlFor={controlId(field)}>{label}</label>
      {children}
      {errors[field] ? (
        <span id={errorId(field)} className="field-error">
          {errors[field]}
        </span>
      ) : null}
    </div>
  );
}

/** aria props for a control: marked invalid and described by its error when there is one. */
function control(field: TaskFormField, errors: FieldErrors) {
  const id = controlId(field);
  return errors[field] ? { id, 'aria-invalid': true as const, 'aria-describedby': errorId(field) } : { id };
}

export function TaskFormFields({ values, errors, onChange, categories, statuses, people, categoryFixed }: FieldsProps) {
  const text = (field: 'name' | 'order_id' | 'patient_id' | 'prescription_id', label: string, hint?: string) => (
    <Field field={field} label={label} errors={errors}>
      <input
        name={field}
        value={values[field]}
        onChange={(event) => onChange(field, event.target.value)}
        autoComplete="off"
        spellCheck={field === 'name'}
        placeholder={hint}
        {...control(field, errors)}
      />
    </Field>
  );
  const toggleWatcher = (id: string, on: boolean) =>
    onChange('watchers', on ? [...values.watchers, id] : values.watchers.filter((watcher) => watcher !== id));

  return (
    <>
      {text('name', 'Name')}
      <div className="task-form-pair">
        <Field field="category_code" label={taskWords.form.category} errors={errors}>
          <select
            name="category_code"
            value={values.category_code}
            disabled={categoryFixed}
            onChange={(event) => onChange('category_code', event.target.value)}
            {...control('category_code', errors)}
          >
            <option value="">{taskWords.form.chooseCategory}</option>
            {categories.map((category) => (
              <option key={category.code} value={category.code}>
                {category.name ?? category.code}
              </option>
            ))}
          </select>
        </Field>
        <Field field="status_code" label={taskWords.form.status} errors={errors}>
          <select
            name="status_code"
            value={values.status_code}
            onChange={(event) => onChange('status_code', event.target.value)}
            {...control('status_code', errors)}
          >
            {statuses.map((status) => (
              <option key={status.code} value={status.code}>
                {status.name ?? status.code}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field field="assignee" label={taskWords.form.assignee} errors={errors}>
        <select
          name="assignee"
          value={values.assignee}
          onChange={(event) => onChange('assignee', event.target.value)}
          {...control('assignee', errors)}
        >
          <option value="">{taskWords.form.nobodyYet}</option>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {pickerLabel(person)}
            </option>
          ))}
        </select>
      </Field>
      <fieldset className="task-watchers" aria-describedby={errors.watchers ? errorId('watchers') : undefined}>
        <legend>{taskWords.form.watchers}</legend>
        {people.map((person) => (
          <label key={person.id} className="task-watcher">
            <input
              type="checkbox"
              checked={values.watchers.includes(person.id)}
              onChange={(event) => toggleWatcher(person.id, event.target.checked)}
            />
            {pickerLabel(person)}
          </label>
        ))}
        {errors.watchers ? (
          <span id={errorId('watchers')} className="field-error">
            {errors.watchers}
          </span>
        ) : null}
      </fieldset>
      <Field field="description" label={taskWords.form.description} errors={errors}>
        <textarea
          name="description"
          rows={3}
          value={values.description}
          onChange={(event) => onChange('description', event.target.value)}
          {...control('description', errors)}
        />
      </Field>
      {text('order_id', 'Linked order', 'Order number or id; or scan the order')}
      <div className="task-form-pair">
        {text('patient_id', 'Linked patient id')}
        {text('prescription_id', 'Linked prescription id')}
      </div>
    </>
  );
}
