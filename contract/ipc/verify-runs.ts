// verify:saveRun / loadRun / dropRun: the verify screen's state of one order, kept by main as it is scanned.
import { z } from 'zod';

const orderId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'an order id is letters, digits and - _ . :');

export const verifyRunRef = z.strictObject({ orderId });

/** `run` is the screen's own value (lines, scans, the stop waiting); main keeps it as JSON, up to 512 KB. */
export const verifyRunSaveInput = z.strictObject({ orderId, run: z.record(z.string(), z.unknown()) });
