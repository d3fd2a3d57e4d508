// A form's typed values and its errors: typing clears a field's error, a refusal places the service's words by field.
import { useCallback, useState } from 'react';
import { messageOf } from '../queries/station.ts';
import { errorsFromDetails, type FieldErrors, placeErrors } from './field-errors.ts';

/** `date_of_birth` → "date of birth", `address_1` → "street", for the summary above the form. */
function fieldWords(key: string): string {
  const special: Record<string, string> = {
    address_1: 'street',
    address_2: 'apartment or suite',
    zip_code: 'ZIP code',
  };
  return special[key] ?? key.replace(/[._]/g, ' ');
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export interface FormState<Values> {
  values: Values;
  set<K extends keyof Values>(key: K, value: Values[K]): void;
  errors: FieldErrors;
  formErrors: string[];
  /** Shows errors found before sending (the contract's), beside their fields. */
  showErrors(errors: FieldErrors): void;
  /** Shows a refusal: its message at the top, its details beside the fields they name. Nothing typed is touched. */
  showRefusal(error: unknown): void;
  clearErrors(): void;
}

export function useFormState<Values extends object>(
  initial: () => Values,
  fieldKeys: readonly string[],
  fieldOf: (path: string) => string = (path) => path,
): FormState<Values> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);

  const set = useCallback(<K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      if (!(key in current)) return current;
      const next = { ...current };
      delete next[key as string];
      return next;
    });
  }, []);

  const showErrors = (found: FieldErrors) => {
    const placed = placeErrors(found, fieldKeys);
    setErrors(placed.fields);
    const named = Object.keys(placed.fields).map(fieldWords);
    const summary =
      named.length === 1
        ? `${capital(named[0] as string)} needs attention: see below.`
        : `${named.length} fields need attention: ${named.join(', ')}.`;
    setFormErrors(named.length > 0 ? [summary, ...placed.form] : placed.form);
  };

  const showRefusal = (error: unknown) => {
    const details = errorsFromDetails((error as { details?: unknown }).details);
    const mapped: FieldErrors = {};
    for (const [path, message] of Object.entries(details)) mapped[fieldOf(path)] ??= message;
    const placed = placeErrors(mapped, fieldKeys);
    setErrors(placed.fields);
    setFormErrors([messageOf(error), ...placed.form]);
  };

  const clearErrors = () => {
    setErrors({});
    setFormErrors([]);
  };

  return { values, set, errors, formErrors, showErrors, showRefusal, clearErrors };
}
