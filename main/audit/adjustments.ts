// A lot quantity adjustment as main learns it from a confirmed inventory.adjustQuantity call: the lot, the change and
// reason the station sent, and the lot's quantity after it from the service's answer.
import type { InventoryLot } from '../../contract/service/inventory.ts';

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

/** The adjustment as main's dispatcher parsed it from the renderer (checked once there; a reason is trimmed too). */
export interface AdjustCall {
  params: { lot_id: string };
  body: { additional_quantity: number; reason: string };
}

/** Float arithmetic must not turn 0.3 − 0.1 into 0.19999…: a quantity keeps six decimals at most. */
const exact = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * The facts of a confirmed call: its input as the dispatcher checked it, and the lot as the client read it (neither is
 * checked again here). An answer that is not this lot, or has no quantity, leaves before and after unknown, not guessed.
 */
export function adjustmentFromCall(call: AdjustCall, answer: InventoryLot | null): LotAdjustmentFacts {
  const { params, body } = call;
  const seen = answer && answer.id === params.lot_id ? answer : null;
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
