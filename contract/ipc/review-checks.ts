// The clinical checks of a prescription review, as main runs them (review:checks): the same checks, from the same reads,
// that main records with a decision (audit:recordReview), so the screen shows main's answer and never rebuilds the
// checks' inputs. The shape is the rules' `Check` (rules/clinical/check-model.ts).
import { z } from 'zod';
import { defineChannel } from './channel.ts';

export const reviewCheck = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(['pass', 'warn', 'fail']),
  reason: z.string(),
});

export const reviewChecksChannels = {
  'review:checks': defineChannel('review:checks', {
    input: z.strictObject({ prescriptionId: z.string().trim().min(1).max(200) }),
    output: z.array(reviewCheck),
    summary:
      "A prescription's clinical checks as main runs them from its own reads (the ones a review decision records)",
  }),
};
