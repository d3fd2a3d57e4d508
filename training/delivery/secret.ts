// The webhook secret: one current secret signs every delivery; generating a new one retires the old at once.
import { randomBytes } from 'node:crypto';
import type { Db } from '../database/db.ts';

/** The secret deliveries carry now, or null before one was ever generated (deliveries then go unsigned). */
export function currentSecret(db: Db): string | null {
  return (
    db.get<{ secret: string }>('SELECT secret FROM webhook_secrets WHERE retired_at IS NULL ORDER BY seq DESC LIMIT 1')
      ?.secret ?? null
  );
}

/**
 * Makes a new secret (32 random bytes, base64url, `whsec_` prefix) and retires the previous one: from the next
 * attempt on, every delivery, pending retries included, carries only the new secret.
 */
export function rotateSecret(db: Db, userId: string | null, now: Date): { webhook_secret: string; created_at: string } {
  return db.transaction(() => {
    const at = now.toISOString();
    // A retired secret is of no use to anyone but a thief: keep when it lived, not what it was.
    db.run("UPDATE webhook_secrets SET retired_at = ?, secret = '' WHERE retired_at IS NULL", at);
    const secret = `whsec_${randomBytes(32).toString('base64url')}`;
    db.run('INSERT INTO webhook_secrets (secret, created_by, created_at) VALUES (?, ?, ?)', secret, userId, at);
    return { webhook_secret: secret, created_at: at };
  });
}
