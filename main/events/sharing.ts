// Telling the other stations what this one recorded (over the relay, main/events/pharmacy-shares.ts): who claimed,
// verified, stopped or reviewed is always the signed-in person from main's session, never the input.
import { StationError } from '../platform/errors/station-errors.ts';
import type { Logger } from '../platform/log/logger.ts';
import type { Session } from '../service/session/index.ts';
import type { EventSystem } from './system.ts';

/** What telling the other stations uses: who is signed in, the shares, the log. */
export interface SharingParts {
  session: Pick<Session, 'state'>;
  events: Pick<EventSystem, 'shares'>;
  log: Logger;
}

/** The signed-in person's name as other stations see it ("Taylor Technician"), or their email when nameless. */
export function sharedPersonName(parts: Pick<SharingParts, 'session'>): string {
  const user = parts.session.state().user;
  if (!user) throw new StationError('not_signed_in', 'Sign in first.');
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;
}

/** After main recorded it: tells the other stations, never failing the record (it is kept already). */
export function shareAfterRecord(
  parts: SharingParts,
  kind: 'released' | 'verified' | 'stop_raised' | 'reviewed',
  subjectId: string,
  orderNumber: string | null,
  detail: string | null = null,
): void {
  let person: string;
  try {
    person = sharedPersonName(parts);
  } catch {
    return;
  }
  parts.events.shares.announce(kind, subjectId, orderNumber, person, detail).catch((error: unknown) => {
    parts.log.warn('a record was not shared with the other stations', {
      kind,
      error: error instanceof Error ? error.message : '',
    });
  });
}
