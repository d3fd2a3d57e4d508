// One-time print tickets: main prepared a document (its content), and printing presents the ticket, so the copy main
// records (and hashes) is the content the renderer drew. A ticket carries no decision: print:document runs the gate
// again from main's reads as they are then. It serves once, for the person who asked for it, for 10 minutes at most;
// every ticket goes at sign-out or when anyone signs in (a ticket serves only the sign-in it was given in).
import { createHash, randomUUID } from 'node:crypto';
import { canonicalJson, type DocumentContent } from '../../../contract/document-content.ts';
import type { DocumentRef } from '../../../contract/documents.ts';

export const TICKET_LIFETIME_MS = 10 * 60_000;
/** More tickets than a station's previews open at once: the oldest goes first. */
const MOST_TICKETS_HELD = 500;

export interface PrintTicket {
  document: DocumentRef;
  content: DocumentContent;
}

interface Held extends PrintTicket {
  /** The signed-in person the ticket was given to (id, else email). */
  person: string;
  expiresAt: number;
}

export interface PrintTickets {
  issue(ticket: PrintTicket, person: string): string;
  /** The ticket, used up; null when unknown, used, expired or given to someone else. */
  take(id: string, person: string): PrintTicket | null;
  clear(): void;
}

/** SHA-256 (hex) of the content's canonical text: what the print record keeps of the copy printed. */
export function contentHash(content: DocumentContent): string {
  return createHash('sha256').update(canonicalJson(content), 'utf8').digest('hex');
}

export function createPrintTickets(now: () => number = Date.now): PrintTickets {
  const held = new Map<string, Held>();
  return {
    issue(ticket, person) {
      for (const [id, entry] of held) if (entry.expiresAt <= now()) held.delete(id);
      while (held.size >= MOST_TICKETS_HELD) held.delete(held.keys().next().value as string);
      const id = randomUUID();
      held.set(id, { ...ticket, person, expiresAt: now() + TICKET_LIFETIME_MS });
      return id;
    },
    take(id, person) {
      const entry = held.get(id);
      if (!entry || entry.person !== person) return null;
      held.delete(id);
      if (entry.expiresAt <= now()) return null;
      return { document: entry.document, content: entry.content };
    },
    clear() {
      held.clear();
    },
  };
}
