// Adjusting a lot's quantity: the change as typed ("+25", "-3", "−3", "12"), the reason, and the body the contract
// accepts; a change that would leave the lot below zero is refused here as the service would refuse it.
import { type QuantityAdjustmentBody, quantityAdjustmentBody } from '../../../contract/service/inventory.ts';
import { errorsFromIssues, type FieldErrors } from '../../forms/field-errors.ts';
import { formatQuantity } from './lot-format.ts';

export interface AdjustFormValues {
  change: string;
  reason: string;
}

export const adjustFormKeys: readonly string[] = ['change', 'reason'];

export const emptyAdjustForm = (): AdjustFormValues => ({ change: '', reason: '' });

/**
 * The signed change typed: a plus or minus sign (hyphen, the real minus sign, or an en dash a keyboard layout may
 * give), then a number with optional thousands commas. Unsigned adds. Null when it is not that.
 */
export function parseChange(text: string): number | null {
  const compact = text.replace(/\s+/g, '');
  const match = /^([+\-−–]?)(\d{1,3}(,\d{3})+(\.\d+)?|\d+(\.\d+)?|\.\d+)$/.exec(compact);
  if (!match) return null;
  const size = Number((match[2] ?? '').replace(/,/g, ''));
  const sign = match[1] === '' || match[1] === '+' ? 1 : -1;
  return sign * size;
}

/** What the quantity becomes, rounded as the service rounds (millionths, so 0.1 + 0.2 leaves no crumbs). */
export function quantityAfter(current: number, change: number): number {
  return Math.round((current + change) * 1e6) / 1e6;
}

export type BuiltAdjustment = { ok: true; body: QuantityAdjustmentBody } | { ok: false; errors: FieldErrors };

export function buildAdjustment(
  values: AdjustFormValues,
  current: number | null,
  unitType?: string | null,
): BuiltAdjustment {
  const errors: FieldErrors = {};
  const change = values.change.trim() === '' ? undefined : parseChange(values.change);
  if (change === null) errors.change = 'Type a number, with a minus sign to take away (for example -3).';
  const parsed = quantityAdjustmentBody.safeParse({ additional_quantity: change ?? undefined, reason: values.reason });
  if (!parsed.success) {
    const found = errorsFromIssues(parsed.error.issues);
    if (found.additional_quantity && !errors.change) errors.change = found.additional_quantity;
    if (found.reason)
      errors.reason =
        values.reason.trim() === '' ? 'Say why the quantity changes: the audit log keeps it.' : found.reason;
  }
  if (typeof change === 'number' && current !== null && quantityAfter(current, change) < 0 && !errors.change) {
    errors.change = `The lot holds ${formatQuantity(current, unitType)}; taking ${formatQuantity(-change, unitType)} would leave it below zero.`;
  }
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, body: parsed.data };
  // In the form's order, so the summary above it reads top to bottom.
  const ordered: FieldErrors = {};
  for (const key of adjustFormKeys) if (errors[key]) ordered[key] = errors[key];
  return { ok: false, errors: ordered };
}
