// A pharmacist confirms at this station: badge or email, then password, checked against the service by a separate
// login whose tokens are dropped at once (session.confirmPerson). The confirmation is held here, briefly and for one
// use, so a record that says "a pharmacist allowed it" names the pharmacist main saw, never one the renderer claims.
import { randomUUID } from 'node:crypto';
import type { AuditPerson } from '../../contract/ipc/audit-shapes.ts';
import { serviceBarcodeParts } from '../../contract/ipc/scan.ts';
import type { PharmacistConfirmation } from '../../contract/ipc/sign-off.ts';
import type { ConfirmedPerson, Session } from '../session/index.ts';
import { isSessionError } from '../session/index.ts';
import { StationError } from './errors.ts';

/** Long enough to finish the verification it was made for (an override is used when the record is written); one use. */
export const CONFIRMATION_LIFETIME_MS = 30 * 60_000;

interface Held {
  person: AuditPerson;
  expiresAt: number;
}

export interface PharmacistConfirmations {
  confirm(who: string, password: string): Promise<PharmacistConfirmation>;
  /** The pharmacist of an unused, unexpired confirmation, which is used up; a refusal otherwise. */
  take(confirmationId: string): AuditPerson;
  /** Whom a `USER-` badge names: people who signed in or confirmed at this station this run. */
  learn(id: string | null, email: string): void;
}

function personOf(person: ConfirmedPerson): AuditPerson {
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ').trim();
  return { id: person.id, email: person.email, name: name === '' ? null : name };
}

export function createPharmacistConfirmations(options: {
  session: Session;
  log: {
    info(message: string, fields?: Record<string, unknown>): void;
    warn(message: string, fields?: Record<string, unknown>): void;
  };
  now?: () => number;
}): PharmacistConfirmations {
  const now = options.now ?? Date.now;
  const held = new Map<string, Held>();
  const emailsById = new Map<string, string>();
  let failures = 0;

  function emailOf(who: string): string {
    const badge = serviceBarcodeParts(who.trim());
    if (!badge) return who.trim();
    if (badge.prefix !== 'USER') throw new StationError('invalid_input', 'That label is not a staff badge.');
    const email = emailsById.get(badge.entityId);
    if (!email) {
      throw new StationError(
        'not_found',
        'This station does not know that badge yet: type the pharmacist’s email this once, then the badge works.',
      );
    }
    return email;
  }

  function sweep(): void {
    for (const [id, entry] of held) if (entry.expiresAt <= now()) held.delete(id);
  }

  return {
    async confirm(who, password) {
      const email = emailOf(who);
      let person: ConfirmedPerson;
      try {
        person = await options.session.confirmPerson(email, password);
      } catch (error) {
        if (isSessionError(error)) {
          failures++;
          // Counted, never the email or the password: the backoff per account lives in the session.
          options.log.warn('a pharmacist confirmation was refused', { code: error.code, failures });
          if (error.code === 'too_many_attempts') throw new StationError('rate_limited', error.message);
          if (error.code === 'invalid_credentials') {
            throw new StationError('invalid_credentials', 'That password is not right for that pharmacist.');
          }
        }
        throw error;
      }
      if (person.id) emailsById.set(person.id, person.email);
      if (person.role !== 'pharmacist') {
        options.log.warn('a confirmation by someone who is not a pharmacist was refused', { role: person.role });
        throw new StationError('forbidden', 'Only a pharmacist can confirm this: that account is not a pharmacist’s.');
      }
      const signedIn = options.session.state().user;
      sweep();
      const confirmationId = randomUUID();
      const expiresAt = now() + CONFIRMATION_LIFETIME_MS;
      held.set(confirmationId, { person: personOf(person), expiresAt });
      options.log.info('a pharmacist confirmed at the station', {
        pharmacistId: person.id,
        signedInId: signedIn?.id ?? null,
      });
      return { confirmationId, pharmacist: personOf(person), expiresAt: new Date(expiresAt).toISOString() };
    },
    take(confirmationId) {
      sweep();
      const entry = held.get(confirmationId);
      if (!entry) {
        throw new StationError(
          'expired',
          'The pharmacist’s confirmation has expired or was used already: the pharmacist confirms again.',
        );
      }
      held.delete(confirmationId);
      return entry.person;
    },
    learn(id, email) {
      if (id) emailsById.set(id, email);
    },
  };
}
