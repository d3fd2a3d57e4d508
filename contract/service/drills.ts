// Setting a training drill up (training service only, never the real service): the station sends the drill's setup as
// its file says; the service creates the records and answers what the trainee needs (the order, the bin's codes).
import { z } from 'zod';
import { drillId, drillSetup } from '../drills.ts';
import { maybe, timestamp } from './common.ts';
import { defineOperation } from './operation.ts';

export const drillSetupBody = z.strictObject({
  drill_id: drillId,
  setup: drillSetup,
});
export type DrillSetupBody = z.input<typeof drillSetupBody>;

/** One item of the practice bin: what to scan for it, and how many the trainee is handed. */
export const drillBinCode = z.looseObject({
  product_ref: z.string(),
  lot_ref: maybe(z.string()),
  name: z.string(),
  /** The code a scanner reads off the item: the lot's UPC when a lot is named, else the product's SKU. */
  code: z.string(),
  count: z.number(),
});
export type DrillBinCode = z.infer<typeof drillBinCode>;

export const drillSetupResult = z.looseObject({
  drill_id: z.string(),
  order_id: z.string(),
  order_number: z.string(),
  patient_id: z.string(),
  prescriber_id: z.string(),
  prescription_id: maybe(z.string()),
  products: z.array(z.looseObject({ ref: z.string(), id: z.string(), sku: z.string(), name: z.string() })),
  lots: z.array(
    z.looseObject({ ref: z.string(), id: z.string(), batch: z.string(), upc: z.string(), expiration_date: z.string() }),
  ),
  bin: z.array(drillBinCode),
  /** The change made at setup (a cancellation requested), or left for the trainer (an outage); null when none. */
  planned: maybe(z.looseObject({ change: z.string(), at: z.string() })),
  set_up_at: timestamp,
});
export type DrillSetupResult = z.infer<typeof drillSetupResult>;

export const drillsOperations = {
  setup: defineOperation({
    name: 'drills.setup',
    method: 'POST',
    path: '/api/v1/training/drills',
    body: drillSetupBody,
    response: drillSetupResult,
    status: 201,
    source: 'training',
    summary: "Set a training drill up: its patient, prescriber, products, lots and order, and the practice bin's codes",
  }),
};
