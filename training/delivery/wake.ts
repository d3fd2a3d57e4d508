// Lets a write that queued a delivery nudge the worker of its database, so the delivery goes out at once and not at the next poll.
import type { Db } from '../database/db.ts';

const wakers = new WeakMap<Db, () => void>();

/** The worker of `db` listens (one worker per database; a later call replaces the earlier). */
export function listenForWork(db: Db, poke: () => void): void {
  wakers.set(db, poke);
}

export function stopListening(db: Db, poke: () => void): void {
  if (wakers.get(db) === poke) wakers.delete(db);
}

/**
 * Nudges the worker after the current synchronous work: writes run in one synchronous transaction, so by the time
 * the nudge runs the rows are committed (or rolled back, and the worker finds nothing). Never inside the request.
 */
export function wakeWorker(db: Db): void {
  const poke = wakers.get(db);
  if (poke) setImmediate(poke);
}
