// The station's own webhook subscription as the renderer may see it: where the listener is, whether a signing key is
// kept and when it was last rotated, and what the listener received. Never the key itself.
import { z } from 'zod';

export const stationWebhookState = z.strictObject({
  /** The URL this station subscribes at the service (the listener's loopback URL or the public URL); null while the listener is not up. */
  url: z.string().nullable(),
  listener: z.enum(['listening', 'failed', 'stopped']),
  /** Why the listener is not listening (a busy port), for people. */
  listenerMessage: z.string().nullable(),
  /** Whether the keychain holds a signing key for this service (the listener refuses unsigned deliveries without one). */
  keyStored: z.boolean(),
  /** When this station last generated or rotated the key (null: not from this station, or not yet). */
  rotatedAt: z.string().nullable(),
  /** What the listener received since the station started: counts only, no content. */
  received: z.strictObject({
    accepted: z.number().int().min(0),
    duplicates: z.number().int().min(0),
    refused: z.number().int().min(0),
  }),
});
export type StationWebhookState = z.infer<typeof stationWebhookState>;
