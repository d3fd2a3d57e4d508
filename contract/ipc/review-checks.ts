// A prescription review as main opens it (review:open): the facts the review's cards show (the prescription, its
// electronic prescription, the order, the prescriber, the patient's risk factors) and the clinical checks main runs
// over them, from one set of main's reads. Recording a decision (audit:recordReview) reuses those reads, so the
// findings recorded are the checks the screen showed and the screen never rebuilds the checks' inputs. The checks'
// shape is the rules' `Check` (rules/clinical/check-model.ts).
import { z } from 'zod';
import { order } from '../service/orders.ts';
import { prescriber } from '../service/prescribers.ts';
import { electronicPrescription, prescriptionDetail } from '../service/prescriptions.ts';
import { riskFactorMatch } from '../service/risk-factors.ts';
import { defineChannel } from './channel.ts';

export const reviewCheck = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(['pass', 'warn', 'fail']),
  reason: z.string(),
});

/** What the review screen shows, as main read it. */
export const reviewOpened = z.strictObject({
  prescription: prescriptionDetail,
  /** The electronic prescription it came on, with every medication on it. */
  electronic: electronicPrescription.nullable(),
  /** The order the prescription ships on (the one it was opened from when it is that order's), when known. */
  orderId: z.string().nullable(),
  order: order.nullable(),
  prescriber: prescriber.nullable(),
  /** The patient's risk factors; null when they could not be read (the checks that need them say so). */
  riskFactors: z.array(riskFactorMatch).nullable(),
  checks: z.array(reviewCheck),
  /** When the service could not be reached: the time of the oldest earlier reading shown (ms since epoch). */
  asOf: z.number().nullable(),
});
export type ReviewOpened = z.infer<typeof reviewOpened>;

export const reviewChecksChannels = {
  'review:open': defineChannel('review:open', {
    input: z.strictObject({
      /** A prescription, or an electronic prescription (its first medication is then reviewed). */
      prescriptionId: z.string().trim().min(1).max(200),
      /** The order it was opened from, when it was. */
      orderId: z.string().trim().min(1).max(200).optional(),
    }),
    output: reviewOpened,
    summary:
      "A prescription review as main reads it: the prescription, its order, prescriber and patient's risk factors, and main's clinical checks over them (the ones a review decision records)",
  }),
};
