// What the order will fill, held against the prescription under review: a pharmacist says "OK to fill" to the lines that
// will be filled, so a review whose order fills another drug (the zolpidem order opened on a cream prescription) fails
// before "OK to fill", naming what the order fills; a quantity that differs is a warning.
import { type Check, type CheckInput, drugLabel, type OrderLine } from './check-model.ts';
import { drugKey } from './checks-clinical.ts';
import { firstMention, normalise } from './drug-text.ts';

const lineWords = (line: OrderLine) => `${line.name?.trim() || 'an unnamed product'} × ${line.quantity ?? '?'}`;

/**
 * Whether the line fills the prescription: its own product, or a product of the same drug (a generic of another maker
 * is a different product record). Another drug never does.
 */
export function fills(line: OrderLine, input: Pick<CheckInput, 'prescription' | 'product'>): boolean {
  const productId = input.prescription.prescription_product_id ?? input.product?.id ?? null;
  if (productId && line.id === productId) return true;
  const drug = drugKey(drugLabel(input.prescription, input.product));
  return drug !== null && firstMention(normalise(line.name ?? ''), [drug]) !== null;
}

export function orderCheck(input: CheckInput): Check {
  const title = 'The order fills this prescription';
  const lines = input.orderLines;
  if (lines == null)
    return { id: 'order', title, status: 'pass', reason: 'Not opened from an order: nothing to hold it against.' };
  const drug = drugLabel(input.prescription, input.product);
  if (lines.length === 0) {
    return { id: 'order', title, status: 'warn', reason: `The order has no prescription lines to fill ${drug}.` };
  }
  const filled = lines.filter((line) => fills(line, input));
  if (filled.length === 0) {
    return {
      id: 'order',
      title,
      status: 'fail',
      reason: `The order fills ${lines.map(lineWords).join(', ')}, not ${drug}: correct the order, or review the prescription it fills.`,
    };
  }
  const prescribed = input.prescription.quantity;
  const counted = filled.reduce((sum, line) => sum + (line.quantity ?? 0), 0);
  if (prescribed != null && counted !== prescribed) {
    return {
      id: 'order',
      title,
      status: 'warn',
      reason: `The order fills ${filled.map(lineWords).join(', ')}; the prescription is for ${prescribed}.`,
    };
  }
  return { id: 'order', title, status: 'pass', reason: `The order fills ${filled.map(lineWords).join(', ')}.` };
}
