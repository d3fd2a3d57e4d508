// The station's updates as an admin sees them: the running version, the feed from the machine policy, and where the
// newest update is (checked, downloading, verified and waiting to install at quit or sign-out).
import { z } from 'zod';

export const updateStatuses = ['off', 'idle', 'checking', 'downloading', 'ready', 'failed'] as const;

export const updateState = z.strictObject({
  /** The version running now. */
  version: z.string(),
  /** The feed checked (the machine policy's updateFeedUrl), or null: updates are off. */
  feed: z.string().nullable(),
  /**
   * off: no feed, or not the installed app; idle: up to date; checking; downloading; ready: downloaded and verified,
   * installs at quit or sign-out; failed: the last check or download failed (tried again later, quietly).
   */
  status: z.enum(updateStatuses),
  /** Why updates are off, in a sentence, when they are. */
  offReason: z.string().nullable(),
  /** The newer version found, while it downloads or waits to install. */
  available: z.string().nullable(),
  /** When the feed last answered (ISO). */
  checkedAt: z.string().nullable(),
  /** The last failure in a sentence, until a check succeeds. */
  problem: z.string().nullable(),
  /** What the install waits for at quit or sign-out, if anything. */
  installWaitsFor: z.enum(['verification_run', 'task_writes']).nullable(),
});
export type UpdateState = z.infer<typeof updateState>;
