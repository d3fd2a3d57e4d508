// The pharmacist's gate of one order, as main answers it (workQueue:orderHolds): each prescription line that may not be
// verified or labelled now, and why. Main reads the order, its prescriptions and the pharmacy's record of review
// decisions itself and judges them by the rule it refuses by (rules/verification/fill-gate.ts); the screens only show
// the answer. The shapes are the rules' `LineHold`.
import { z } from 'zod';
import { defineChannel } from './channel.ts';

const reviewOfPrescription = z.object({
  decision: z.enum(['reviewed', 'needs_clarification', 'exception']),
  taskRef: z.string().nullable(),
  note: z.string(),
  recordedAt: z.string(),
  user: z.object({ name: z.string().nullable(), email: z.string(), id: z.string().nullable().optional() }),
  station: z.string().nullable().optional(),
  changedSince: z.boolean().optional(),
});

const lineHoldState = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ok_to_fill'), by: z.enum(['station', 'service']) }),
  z.object({
    kind: z.literal('held'),
    decision: z.enum(['needs_clarification', 'exception']),
    review: reviewOfPrescription.nullable(),
  }),
  z.object({ kind: z.literal('not_reviewed') }),
  z.object({ kind: z.literal('changed_since_review'), review: reviewOfPrescription }),
  z.object({ kind: z.literal('cancelled') }),
  z.object({ kind: z.literal('no_prescription') }),
  z.object({ kind: z.literal('unread') }),
]);

export const lineHold = z.object({
  productId: z.string(),
  drug: z.string(),
  prescriptionId: z.string().nullable(),
  state: lineHoldState,
});
export type LineHoldView = z.infer<typeof lineHold>;

export const orderHoldsChannels = {
  'workQueue:orderHolds': defineChannel('workQueue:orderHolds', {
    input: z.strictObject({ orderId: z.string().trim().min(1).max(200) }),
    output: z.array(lineHold),
    summary:
      "What holds an order's prescription lines at the pharmacist's gate, as main judges it (the order, its electronic prescriptions, the pharmacy's record of reviews)",
  }),
};
