// What a form's values become before anything is sent: the request body, the errors to show beside the fields, or
// (for an edit) nothing changed. One way to act on it, so every record form saves the same way.
import type { FieldErrors } from './field-errors.ts';

export type Built<T> = { ok: true; body: T } | { ok: false; errors: FieldErrors };
/** An edit's outcome: as Built, or nothing changed (then nothing is sent). */
export type BuiltChange<T> = Built<T> | { ok: 'unchanged' };

/**
 * Sends a built body: the form's own errors shown instead when there are any, nothing sent when nothing changed
 * (`unchanged` runs then), and the errors of an earlier try cleared before sending.
 */
export function sendBuilt<T>(
  built: BuiltChange<T>,
  form: { showErrors(errors: FieldErrors): void; clearErrors(): void },
  send: (body: T) => void,
  unchanged?: () => void,
): void {
  if (built.ok === 'unchanged') {
    unchanged?.();
    return;
  }
  if (!built.ok) {
    form.showErrors(built.errors);
    return;
  }
  form.clearErrors();
  send(built.body);
}
