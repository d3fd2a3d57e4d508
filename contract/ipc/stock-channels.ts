// A controlled lot's stock changes outside a fill only with a pharmacist's witness: the channel names the lot, the
// change and the reason, and the pharmacist's confirmation given at the station for that lot (purpose stock_witness).
// Main reads whether the lot is controlled itself. Spread into the station's own channels.
import { z } from 'zod';
import { inventoryLot, quantityAdjustmentBody } from '../service/inventory.ts';
import { defineChannel } from './channel.ts';

export const witnessedAdjustmentInput = z.strictObject({
  lotId: z.uuid(),
  body: quantityAdjustmentBody,
  /** A pharmacist's confirmation at this station for this lot (session:confirmPharmacist, stock_witness), single use. */
  confirmationId: z.string().min(1).max(100),
});
export type WitnessedAdjustmentInput = z.infer<typeof witnessedAdjustmentInput>;

export const stockChannels = {
  'inventory:adjustWitnessed': defineChannel('inventory:adjustWitnessed', {
    input: witnessedAdjustmentInput,
    output: inventoryLot,
    summary: "Add to or take from a lot with a pharmacist's witness (a controlled lot outside a fill needs one)",
  }),
};
