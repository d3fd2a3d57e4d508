// createAuditLog: records finished verifications, each hard stop as it is dismissed, and confirmed lot adjustments with
// who (the session's user) and when (main's clock), and lists them.
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { DocumentRef } from '../../contract/documents.ts';
import {
  type AuditAdjustment,
  type AuditEntry,
  type AuditStop,
  auditRecordInput,
  auditStopInput,
} from '../../contract/ipc/audit.ts';
import type { AuditExport, ReviewDecision } from '../../contract/ipc/audit-review.ts';
import type { AuditPerson } from '../../contract/ipc/audit-shapes.ts';
import type { PrintRecord } from '../../contract/ipc/print.ts';
import type { SignOff } from '../../contract/ipc/sign-off.ts';
import type { Logger } from '../log/logger.ts';
import type { LotAdjustmentFacts } from './adjustments.ts';
import type { ChainCheck } from './chain.ts';
import { keepPrint, latestPrints, type PrintFacts } from './prints.ts';
import { exportRecords, keepReview, listReviews } from './reviews-export.ts';
import { adjustmentFromRow, entryFromRow, stopFromRow } from './schema.ts';
import { AuditStore } from './store.ts';

/** The signed-in person as the session knows them; main passes it, the renderer never does. */
export interface AuditUser {
  id: string | null;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

export interface AuditLogOptions {
  dataDir: string;
  /** The backend the entries belong to ('training' or the service's id): the list shows this backend's only. */
  serviceId: string;
  log: Logger;
  clock?: () => Date;
}

/** A refusal with a message a person can read; `details` names the fields as `{ field, message }`. */
export class AuditError extends Error {
  override readonly name = 'AuditError';
  readonly code: string;
  readonly details: { field: string; message: string }[] | undefined;

  constructor(code: string, message: string, details?: { field: string; message: string }[]) {
    super(message);
    this.code = code;
    this.details = details;
  }
}

export interface AuditLog {
  /**
   * Checks `input` (the contract's rules) and keeps it with the sign-offs main resolved (who from a pharmacist's
   * confirmation or the session, never from the input); answers the entry as stored.
   */
  record(input: unknown, user: AuditUser | null, signOffs?: readonly SignOff[]): AuditEntry;
  list(query?: { orderId?: string | undefined; limit?: number | undefined }): AuditEntry[];
  /** Checks one dismissed (or reported) hard stop and keeps it at once; answers it as stored. */
  recordStop(input: unknown, user: AuditUser | null, approvedBy?: AuditPerson | null): AuditStop;
  /** Keeps a pharmacist's review decision on a prescription. */
  recordReview(input: unknown, user: AuditUser | null): ReviewDecision;
  reviews(query: { prescriptionId: string; limit?: number | undefined }): ReviewDecision[];
  /** Every record of this backend written on the days from..to (UTC), as CSV or JSON with its chain hashes. */
  exportRange(input: { from: string; to: string; format: 'csv' | 'json' }): AuditExport;
  /** Keeps one print or reprint main allowed (main/print decides; the copy number is counted here). */
  recordPrint(facts: PrintFacts, user: AuditUser): PrintRecord;
  prints(document: DocumentRef, limit?: number): PrintRecord[];
  /** Walks the hash chain of the whole file. */
  checkChain(): ChainCheck;
  /** One order's hard stops, newest first, of the current backend only. */
  stops(query: { orderId: string; limit?: number | undefined }): AuditStop[];
  /** Keeps a lot adjustment the service confirmed (main calls this, never the renderer); answers it as stored. */
  recordAdjustment(facts: LotAdjustmentFacts, user: AuditUser | null): AuditAdjustment;
  /** One lot's adjustments, newest first, of the current backend only. */
  adjustments(query: { lotId: string; limit?: number | undefined }): AuditAdjustment[];
  close(): void;
}

const DEFAULT_LIMIT = 50;
const limitOf = (limit: number | undefined) => Math.max(1, Math.min(200, Math.trunc(limit ?? DEFAULT_LIMIT)));

function nameOf(user: AuditUser): string | null {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name === '' ? null : name;
}

/** The contract's refusal as an AuditError naming each field. */
function refusal(what: string, error: z.ZodError): AuditError {
  const details = error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(input)',
    message: issue.message,
  }));
  const listed = details.slice(0, 5).map((d) => `${d.field}: ${d.message}`);
  return new AuditError('invalid_input', `${what} was not recorded: ${listed.join('; ')}`, details);
}

export function createAuditLog(options: AuditLogOptions): AuditLog {
  const store = new AuditStore(options.dataDir);
  const now = () => (options.clock ? options.clock() : new Date());
  let closed = false;
  const open = () => {
    if (closed) throw new AuditError('closed', 'The audit log is closed.');
  };
  /** The columns every record kind carries: a new id, this backend, who (from the session) and when (main's clock). */
  const stamp = (user: AuditUser) => ({
    id: randomUUID(),
    service_id: options.serviceId,
    user_id: user.id,
    user_email: user.email,
    user_name: nameOf(user),
    recorded_at: now().getTime(),
  });

  return {
    record(input, user, signOffs = []) {
      open();
      if (!user) throw new AuditError('not_signed_in', 'Sign in first: a verification is recorded with who did it.');
      const parsed = auditRecordInput.safeParse(input);
      if (!parsed.success) throw refusal('The verification', parsed.error);
      const verification = parsed.data;
      // A stop the scans say a pharmacist approved must have been kept as such, with the pharmacist, when dismissed.
      const approved = verification.scans.filter((scan) => scan.stop?.reason === 'pharmacist_approved').length;
      if (approved > store.approvedStops(options.serviceId, verification.orderId)) {
        throw new AuditError(
          'invalid_input',
          'The verification was not recorded: a stop it says a pharmacist approved was not confirmed by one.',
        );
      }
      if ((verification.signOffs ?? []).length !== signOffs.length) {
        throw new AuditError('invalid_input', 'The verification was not recorded: its sign-offs were not confirmed.');
      }
      const row = store.insert({
        ...stamp(user),
        order_id: verification.orderId,
        order_number: verification.orderNumber,
        outcome: verification.outcome,
        lines: JSON.stringify(verification.lines),
        scans: JSON.stringify(verification.scans),
        task_ref: verification.taskRef,
        sign_offs: JSON.stringify(signOffs),
      });
      // Ids and counts only: a code, a note or a name never reaches the log.
      options.log.info('verification recorded', {
        id: row.id,
        orderId: row.order_id,
        outcome: row.outcome,
        userId: row.user_id,
        scans: verification.scans.length,
        stops: verification.scans.filter((scan) => scan.result === 'stopped').length,
      });
      return entryFromRow(row);
    },
    list(query = {}) {
      open();
      return store.latest(options.serviceId, query.orderId ?? null, limitOf(query.limit)).map(entryFromRow);
    },
    recordStop(input, user, approvedBy = null) {
      open();
      if (!user) throw new AuditError('not_signed_in', 'Sign in first: a hard stop is recorded with who dismissed it.');
      const parsed = auditStopInput.safeParse(input);
      if (!parsed.success) throw refusal('The hard stop', parsed.error);
      const stop = parsed.data;
      if (stop.confirmationId && !approvedBy) {
        throw new AuditError(
          'invalid_input',
          'The hard stop was not recorded: the pharmacist’s confirmation is missing.',
        );
      }
      const row = store.insertStop({
        ...stamp(user),
        order_id: stop.orderId,
        order_number: stop.orderNumber,
        code: stop.code,
        entry: stop.entry,
        quantity: stop.quantity,
        matched_by: stop.matchedBy,
        product_id: stop.productId,
        lot_id: stop.lotId,
        lot: stop.lot,
        expiry: stop.expiry,
        kind: stop.kind,
        reason: stop.reason,
        note: stop.note,
        task_ref: stop.taskRef,
        approved_by_id: approvedBy?.id ?? null,
        approved_by_email: approvedBy?.email ?? null,
        approved_by_name: approvedBy?.name ?? null,
      });
      // Ids and the kind only: the code and the note never reach the log.
      options.log.info('hard stop recorded', {
        id: row.id,
        orderId: row.order_id,
        kind: row.kind,
        reason: row.reason,
        userId: row.user_id,
      });
      return stopFromRow(row);
    },
    stops(query) {
      open();
      return store.latestStops(options.serviceId, query.orderId, limitOf(query.limit)).map(stopFromRow);
    },
    recordAdjustment(facts, user) {
      open();
      if (!user)
        throw new AuditError('not_signed_in', 'An adjustment is recorded with who made it: nobody is signed in.');
      const row = store.insertAdjustment({
        ...stamp(user),
        lot_id: facts.lotId,
        product_id: facts.productId,
        batch_number: facts.batchNumber,
        quantity_change: facts.change,
        quantity_before: facts.quantityBefore,
        quantity_after: facts.quantityAfter,
        reason: facts.reason,
      });
      // Ids and the count only: the reason may name a person, so it never reaches the log.
      options.log.info('adjustment recorded', {
        id: row.id,
        lotId: row.lot_id,
        change: row.quantity_change,
        userId: row.user_id,
      });
      return adjustmentFromRow(row);
    },
    adjustments(query) {
      open();
      return store.latestAdjustments(options.serviceId, query.lotId, limitOf(query.limit)).map(adjustmentFromRow);
    },
    recordReview(input, user) {
      open();
      if (!user) throw new AuditError('not_signed_in', 'Sign in first: a review is recorded with who decided.');
      const review = keepReview(store, input, stamp(user), refusal);
      options.log.info('review decision recorded', { id: review.id, decision: review.decision, userId: user.id });
      return review;
    },
    reviews(query) {
      open();
      return listReviews(store, options.serviceId, query.prescriptionId, limitOf(query.limit));
    },
    exportRange(input) {
      open();
      return exportRecords(store, options.serviceId, input);
    },
    recordPrint(facts, user) {
      open();
      const print = keepPrint(store, facts, stamp(user));
      options.log.info('print recorded', { id: print.id, kind: print.kind, copy: print.copy, userId: user.id });
      return print;
    },
    prints(document, limit) {
      open();
      return latestPrints(store, options.serviceId, document, limitOf(limit));
    },
    checkChain() {
      open();
      return store.checkChain();
    },
    close() {
      if (closed) return;
      closed = true;
      store.close();
    },
  };
}
