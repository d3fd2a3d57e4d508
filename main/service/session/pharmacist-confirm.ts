// A pharmacist confirms at this station: badge or email, then password, checked against the service by a separate
// login whose tokens are dropped at once (session.confirmPerson). The confirmation is held here, briefly and for one
// use, so a record that says "a pharmacist allowed it" names the pharmacist main saw, never one the renderer claims.
// Each confirmation is bound to its purpose and subject (this order's stop, this label) and to the sign-in it was given
// in: it serves nothing else, and every one goes at sign-out or when another person signs in.
import { randomUUID } from 'node:crypto';
import type { AuditPerson } from '../../../contract/ipc/audit-shapes.ts';
import { serviceBarcodeParts } from '../../../contract/ipc/scan.ts';
import { type ConfirmationPurpose, type PharmacistConfirmation, samePurpose } from '../../../contract/ipc/sign-off.ts';
import { nameOf } from '../../../rules/words/person-name.ts';
import type { AuditLog, RefusalFacts, RefusalReason } from '../../audit/index.ts';
import { StationError } from '../../platform/errors/station-errors.ts';
import type { Logger } from '../../platform/log/logger.ts';
import type { ConfirmedPerson, Session } from './index.ts';
import { isSessionError } from './index.ts';

/** The pharmacist stands at the station for the act they confirm: five minutes covers it; one use. */
export const CONFIRMATION_LIFETIME_MS = 5 * 60_000;

interface Held {
  person: AuditPerson;
  purpose: ConfirmationPurpose;
  /** The signed-in person it was given under (id, else email). */
  signedIn: string;
  expiresAt: number;
}

export interface PharmacistConfirmations {
  confirm(who: string, password: string, purpose: ConfirmationPurpose): Promise<PharmacistConfirmation>;
  /**
   * The pharmacist, once: refused when unknown, used, older than 5 minutes, given for another purpose or subject, or
   * given under another sign-in (every one is dropped at sign-out or any change of person).
   */
  take(confirmationId: string, purpose: ConfirmationPurpose): AuditPerson;
  /** Drops every confirmation held (sign-out, another person signed in). */
  clear(): void;
  /** Whom a `USER-` badge names: people who signed in or confirmed at this station this run. */
  learn(id: string | null, email: string): void;
}

function personOf(person: ConfirmedPerson): AuditPerson {
  return { id: person.id, email: person.email, name: nameOf(person) };
}

const EXPIRED = 'The pharmacist’s confirmation has expired or was used already: the pharmacist confirms again.';

/** The order, document or lot a purpose names. */
export function subjectOf(purpose: ConfirmationPurpose): string {
  if ('orderId' in purpose) return purpose.orderId;
  return 'lotId' in purpose ? purpose.lotId : purpose.documentKey;
}

/** The account a person named, kept only when it reads as an email: a password typed in the wrong field never is. */
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[a-z]{2,24}$/i;
const claimedEmailOf = (text: string) => (EMAIL.test(text.trim()) ? text.trim().toLowerCase() : null);

/** A refusal as the audit log keeps it, from what main saw (never the password). */
function refusalOf(
  purpose: ConfirmationPurpose,
  reason: RefusalReason,
  claimed: string | null,
  confirmed: { id: string | null; email: string } | null,
  detail: string,
): RefusalFacts {
  return { purpose: purpose.kind, subject: subjectOf(purpose), reason, claimedEmail: claimed, confirmed, detail };
}

export function createPharmacistConfirmations(options: {
  session: Session;
  log: {
    info(message: string, fields?: Record<string, unknown>): void;
    warn(message: string, fields?: Record<string, unknown>): void;
  };
  now?: () => number;
  /** Keeps a refused confirmation in the audit log (wrong password, not a pharmacist, a badge not known…). */
  keepRefusal?: (facts: RefusalFacts) => void;
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

  /** The signed-in person (id, else email); a confirmation is only given, and only serves, under a sign-in. */
  function signedInKey(): string {
    const user = options.session.state().user;
    if (!user) throw new StationError('not_signed_in', 'Sign in first.');
    return user.id ?? user.email;
  }

  return {
    async confirm(who, password, purpose) {
      const signedIn = signedInKey();
      const keep = (reason: RefusalReason, claimed: string | null, confirmed: ConfirmedPerson | null, detail: string) =>
        options.keepRefusal?.(
          refusalOf(purpose, reason, claimed, confirmed && { id: confirmed.id, email: confirmed.email }, detail),
        );
      let email: string;
      try {
        email = emailOf(who);
      } catch (error) {
        keep('unknown_person', null, null, error instanceof Error ? error.message : 'The badge was not known.');
        throw error;
      }
      let person: ConfirmedPerson;
      try {
        person = await options.session.confirmPerson(email, password);
      } catch (error) {
        if (isSessionError(error)) {
          failures++;
          // Counted, never the email or the password: the backoff per account lives in the session.
          options.log.warn('a pharmacist confirmation was refused', { code: error.code, failures });
          if (error.code === 'too_many_attempts') {
            keep('too_many_attempts', claimedEmailOf(email), null, error.message);
            throw new StationError('rate_limited', error.message);
          }
          if (error.code === 'invalid_credentials') {
            keep('wrong_password', claimedEmailOf(email), null, 'The password was not right for that account.');
            throw new StationError('invalid_credentials', 'That password is not right for that pharmacist.');
          }
          if (error.code === 'invalid_input') keep('unknown_person', null, null, 'Not a badge or an email address.');
        }
        throw error;
      }
      if (person.id) emailsById.set(person.id, person.email);
      if (person.role !== 'pharmacist') {
        options.log.warn('a confirmation by someone who is not a pharmacist was refused', { role: person.role });
        keep(
          'not_a_pharmacist',
          person.email,
          person,
          `The account is a ${person.role ?? 'person'}’s, not a pharmacist’s.`,
        );
        throw new StationError('forbidden', 'Only a pharmacist can confirm this: that account is not a pharmacist’s.');
      }
      sweep();
      const confirmationId = randomUUID();
      const expiresAt = now() + CONFIRMATION_LIFETIME_MS;
      held.set(confirmationId, { person: personOf(person), purpose, signedIn, expiresAt });
      options.log.info('a pharmacist confirmed at the station', { pharmacistId: person.id, purpose: purpose.kind });
      return { confirmationId, pharmacist: personOf(person), expiresAt: new Date(expiresAt).toISOString() };
    },
    take(confirmationId, purpose) {
      sweep();
      const entry = held.get(confirmationId);
      if (!entry) throw new StationError('expired', EXPIRED);
      if (!samePurpose(entry.purpose, purpose)) {
        options.log.warn('a confirmation was offered for another purpose', {
          given: entry.purpose.kind,
          asked: purpose.kind,
        });
        options.keepRefusal?.(
          refusalOf(
            purpose,
            'other_purpose',
            null,
            entry.person,
            `Given for ${entry.purpose.kind}, offered for ${purpose.kind}.`,
          ),
        );
        throw new StationError(
          'forbidden',
          'That pharmacist’s confirmation was given for something else: the pharmacist confirms this one.',
        );
      }
      if (entry.signedIn !== signedInKey()) {
        held.delete(confirmationId);
        throw new StationError('expired', EXPIRED);
      }
      held.delete(confirmationId);
      return entry.person;
    },
    clear() {
      held.clear();
    },
    learn(id, email) {
      if (id) emailsById.set(id, email);
    },
  };
}

/** A refused confirmation kept as an audit record of the service bound now, with whoever is signed in (never the
 * password typed); a record that cannot be kept is logged, and the refusal stands. */
export function keepRefusalIn(
  bound: () => { audit: Pick<AuditLog, 'recordRefusal'>; session: Pick<Session, 'state'> },
  log: Logger,
): (facts: RefusalFacts) => void {
  return (facts) => {
    try {
      bound().audit.recordRefusal(facts, bound().session.state().user ?? null);
    } catch (error) {
      log.warn('a refused confirmation could not be kept in the audit log', {
        error: error instanceof Error ? error.name : 'unknown',
      });
    }
  };
}
