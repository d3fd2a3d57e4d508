// A lot quantity adjustment as main learns it from a confirmed inventory.adjustQuantity call: the lot, the change and
// reason the station sent, and the lot's quantity after it from the service's answer.
import { z } from 'zod';
import { inventoryLot, inventoryOperations } from '../../contract/service/inventory.ts';

export interface LotAdjustmentFacts {
  lotId: string;
  productId: string | null;
  batchNumber: string | null;
  /** Signed: negative took units away. */
  change: number;
  quantityBefore: number | null;
  quantityAfter: number | null;
  reason: string;
}

/** The caller's input as the service client checked it (a reason is trimmed there too). */
const adjustCall = z.looseObject({
  params: inventoryOperations.adjustQuantity.params,
  body: inventoryOperations.adjustQuantity.body,
});

/** Float arithmetic must not turn 0.3 − 0.1 into 0.19999…: a quantity keeps six decimals at most. */
const exact = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * The facts of a confirmed call, or null when its input is not an adjustment (it always is: the client checked it
 * before sending). An answer without the lot's quantity leaves before and after unknown rather than guessed.
 */
export function adjustmentFromCall(input: unknown, answer: unknown): LotAdjustmentFacts | null {
  const call = adjustCall.safeParse(input);
  if (!call.success) return null;
  const { params, body } = call.data;
  const lot = inventoryLot.safeParse(answer);
  const seen = lot.success && lot.data.id === params.lot_id ? lot.data : null;
  const after = typeof seen?.current_quantity === 'number' ? seen.current_quantity : null;
  return {
    lotId: params.lot_id,
    productId: seen?.product_id ?? null,
    batchNumber: seen?.batch_number ?? null,
    change: body.additional_quantity,
    quantityBefore: after === null ? null : exact(after - body.additional_quantity),
    quantityAfter: after,
    reason: body.reason,
  };
}
