// createAuditLog: records finished verifications, each hard stop as it is dismissed, and confirmed lot adjustments with
// who (the session's user) and when (main's clock), and lists them. Its shapes and refusals are in audit-types.ts; how
// each record kind is checked and kept is beside its rows (verifications.ts, reviews-export.ts, prints.ts...).

import { createHmac, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Db } from '../../kits/sqlite/db.ts';
import { nameOf } from '../../rules/words/person-name.ts';
import { AuditRepository, type Stamp } from './audit-repository.ts';
import { AuditError, type AuditLog, type AuditLogOptions, type AuditUser, refusal } from './audit-types.ts';
import { checkpointProblemOf, followsOf } from './checkpoint-check.ts';
import { keepFinalCheck } from './final-checks.ts';
import { keepPrint, latestPrints } from './prints.ts';
import { exportRecords, keepReview, listReviews } from './reviews-export.ts';
import { adjustmentFromRow, entryFromRow, stopFromRow } from './schema.ts';
import type { FinalCheckRow } from './schema-final-checks.ts';
import type { InterruptionRow } from './schema-interruptions.ts';
import { type RefusalRow, refusalRow } from './schema-refusals.ts';
import { keepUnkeyedAcknowledgement, unkeyedAcknowledgementOf } from './unkeyed-acknowledgement.ts';
import { keepStop, keepVerification } from './verifications.ts';

const DEFAULT_LIMIT = 50;
const limitOf = (limit: number | undefined) => Math.max(1, Math.min(200, Math.trunc(limit ?? DEFAULT_LIMIT)));

export function createAuditLog(options: AuditLogOptions): AuditLog {
  const now = () => (options.clock ? options.clock() : new Date());
  const store = new AuditRepository(options.dataDir, options.chain, now);
  const broken = options.brokenChainKept;
  if (broken?.chainId) {
    // The new chain names the one it replaced, so its checkpoints on the pharmacy's stream say so (main/events).
    const follows = { chainId: broken.chainId, problem: broken.problem.slice(0, 300), keptAs: broken.file };
    store.db.run("INSERT OR IGNORE INTO audit_meta (key, value) VALUES ('follows', ?)", JSON.stringify(follows));
  }
  let closed = false;
  const open = () => {
    if (closed) throw new AuditError('closed', 'The audit log is closed.');
  };
  const live = () => open() ?? store;
  /** The columns every record kind carries: a new id, this backend, who (from the session) and when (main's clock). */
  const stamp = (user: AuditUser): Stamp => ({
    id: randomUUID(),
    service_id: options.serviceId,
    user_id: user.id,
    user_email: user.email,
    user_name: nameOf(user),
    recorded_at: now().getTime(),
  });
  /** Each record kind logs ids and a few words only: a code, a note, a reason or a name never reaches the log. */
  const logged = <Row extends { id: string; user_id: string | null }>(
    what: string,
    row: Row,
    fields: Record<string, unknown>,
  ): Row => {
    options.log.info(`${what} recorded`, { id: row.id, ...fields, userId: row.user_id });
    return row;
  };

  return {
    record(input, user, signOffs = [], runReads = null) {
      open();
      if (!user) throw new AuditError('not_signed_in', 'Sign in first: a verification is recorded with who did it.');
      const { row, scans, stops } = keepVerification(store, input, stamp(user), signOffs, runReads);
      return entryFromRow(logged('verification', row, { orderId: row.order_id, outcome: row.outcome, scans, stops }));
    },
    list(query = {}) {
      open();
      return store.latest(options.serviceId, query.orderId ?? null, limitOf(query.limit)).map(entryFromRow);
    },
    recordStop(input, user, approvedBy = null) {
      open();
      if (!user) throw new AuditError('not_signed_in', 'Sign in first: a hard stop is recorded with who dismissed it.');
      const row = keepStop(store, input, stamp(user), approvedBy);
      return stopFromRow(logged('hard stop', row, { orderId: row.order_id, kind: row.kind, reason: row.reason }));
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
      // The reason may name a person, so only the count goes to the log.
      return adjustmentFromRow(logged('adjustment', row, { lotId: row.lot_id, change: row.quantity_change }));
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
      return exportRecords(store, options.serviceId, input, store.checkpoint());
    },
    recordPrint(facts, user) {
      open();
      const print = keepPrint(store, facts, stamp(user));
      options.log.info('print recorded', { id: print.id, kind: print.kind, copy: print.copy, userId: user.id });
      return print;
    },
    recordInterruption(facts, user) {
      open();
      const who = user ?? { id: null, email: 'station', firstName: null, lastName: null };
      const kept = store.db.get<InterruptionRow>(
        'SELECT * FROM order_interruptions WHERE service_id = ? AND order_id = ? AND event_key = ?',
        options.serviceId,
        facts.orderId,
        facts.eventKey,
      );
      if (kept) return kept;
      const row = store.insertInterruption({
        ...stamp(who),
        order_id: facts.orderId,
        order_number: facts.orderNumber,
        change: facts.change,
        event_key: facts.eventKey,
        learnt_from: facts.learntFrom,
      });
      return logged('order interruption', row, { orderId: row.order_id, change: row.change });
    },
    recordRefusal(facts, user) {
      open();
      const who = user ?? { id: null, email: 'station', firstName: null, lastName: null };
      const row = store.insertRefusal(refusalRow(facts, stamp(who)));
      return logged('refused confirmation', row, { purpose: row.purpose, reason: row.reason });
    },
    recordSettingChanges(changes, user) {
      open();
      const who = user ?? { id: null, email: 'signed out', firstName: null, lastName: null };
      return changes.map((change) => {
        const values = { value_before: JSON.stringify(change.before), value_after: JSON.stringify(change.after) };
        const row = store.insertSettingChange({ ...stamp(who), field: change.field, ...values });
        return logged('setting change', row, { field: row.field });
      });
    },
    settingChanges(query = {}) {
      open();
      return store.newest('setting_changes', options.serviceId, {}, limitOf(query.limit));
    },
    refusals({ subject, limit }) {
      open();
      return store.newest<RefusalRow>('refused_confirmations', options.serviceId, { subject }, limitOf(limit));
    },
    interruptions({ orderId, limit }) {
      open();
      return store.newest<InterruptionRow>(
        'order_interruptions',
        options.serviceId,
        { order_id: orderId },
        limitOf(limit),
      );
    },
    prints: (document, limit) => latestPrints(live(), options.serviceId, document, limitOf(limit)),
    checkChain: () => live().checkChain(),
    latestCheckpoint: () => live().latestCheckpoint(),
    checkpointProblem(sent) {
      if (!closed) return store.checkpointProblem(sent);
      // Closed (the station quit, or changed service) with a checkpoint still on its way: the file is read again.
      const db = new Db(join(options.dataDir, 'audit.db'));
      try {
        return checkpointProblemOf(db, store.chain, sent);
      } finally {
        db.close();
      }
    },
    // Read as the last checkpoint is told at close too (the file is still open then).
    follows: () => followsOf(store.db),
    recordFinalCheck(facts, user) {
      open();
      const row = keepFinalCheck(store, facts, stamp(user));
      return logged('final check', row, { orderId: row.order_id, outcome: row.outcome, stop: row.stop });
    },
    finalChecks: ({ orderId, limit }) =>
      live().newest<FinalCheckRow>('final_checks', options.serviceId, { order_id: orderId }, limitOf(limit)),
    onCheckpoint: (listener) => store.onCheckpoint(listener),
    seal: (purpose, text) => {
      const key = store.chain.key;
      return key ? createHmac('sha256', key).update(`${purpose}\n${text}`, 'utf8').digest('hex') : null;
    },
    standing: () => ({
      keyed: store.chain.key !== null,
      brokenChainKept: broken ? { file: broken.file, problem: broken.problem } : null,
      acknowledged: store.chain.key === null ? unkeyedAcknowledgementOf(store) : null,
    }),
    acknowledgeUnkeyed(user) {
      open();
      const row = keepUnkeyedAcknowledgement(store, stamp(user));
      logged('unkeyed record acknowledgement', row, { chainId: row.chain_id });
      return this.standing();
    },
    close() {
      if (closed) return;
      closed = true;
      store.close();
    },
  };
}
