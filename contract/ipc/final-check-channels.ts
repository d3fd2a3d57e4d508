// The pharmacist's final check by scan (tech-check-tech not allowed): the pharmacy-wide list of orders a technician
// verified that wait for it (read from the pharmacy's record, so every station shows the same), and one check: the
// raw text scanned from the stock bottle and from the label. Main parses both and compares them with what it read
// itself; a mismatch is a hard stop, kept. Spread into the station's own channels.
import { z } from 'zod';
import { defineChannel } from './channel.ts';

export const finalCheckQueueEntry = z.strictObject({
  orderId: z.string(),
  orderNumber: z.string().nullable(),
  verifiedBy: z.string(),
  station: z.string(),
  verifiedAt: z.string(),
  lineCount: z.number().int().min(0),
  /** The newest final check's hard stop on this order, in words; null when it did not stop. */
  lastStop: z.string().nullable(),
});
export type FinalCheckQueueEntry = z.infer<typeof finalCheckQueueEntry>;

export const finalCheckQueueView = z.strictObject({
  /** False where tech-check-tech is allowed: a technician's verification is the final check, nothing waits. */
  needed: z.boolean(),
  orders: z.array(finalCheckQueueEntry),
});
export type FinalCheckQueueView = z.infer<typeof finalCheckQueueView>;

const scannedText = z.string().trim().min(1, 'Scan it: nothing was read').max(500);

export const finalCheckScanInput = z.strictObject({
  orderId: z.string().min(1).max(200),
  /** Exactly what the scanner sent from the stock bottle (UPC, NDC or GS1 DataMatrix). */
  productCode: scannedText,
  /** Exactly what the scanner sent from the prescription label's barcode. */
  labelCode: scannedText,
});

export const finalCheckOutcome = z.strictObject({
  outcome: z.enum(['passed', 'stopped']),
  /** What did not match, for a hard stop. */
  stop: z.enum(['product', 'lot', 'label']).nullable(),
  message: z.string(),
  /** The prescription line checked (its drug), when the bottle named one of the order's. */
  drug: z.string().nullable(),
  /** Every prescription line of the order has passed its final check: it leaves the list. */
  orderDone: z.boolean(),
});
export type FinalCheckOutcome = z.infer<typeof finalCheckOutcome>;

export const finalCheckChannels = {
  'finalCheck:queue': defineChannel('finalCheck:queue', {
    input: z.undefined(),
    output: finalCheckQueueView,
    summary: "Orders verified by a technician that wait for a pharmacist's final check, from the pharmacy's record",
  }),
  'finalCheck:scan': defineChannel('finalCheck:scan', {
    input: finalCheckScanInput,
    output: finalCheckOutcome,
    summary: "A pharmacist's final check by scan of the stock bottle and the label; main compares, a mismatch stops",
  }),
};
