// A verification run kept and decided by main: it reads the order itself, judges each scan the renderer sends (the
// scan field's text, read once here, and how it was entered), raises stops, saves every step before it answers, and
// writes the audit record from its own run. The renderer shows main's answer; it never says what a line holds, how
// many were counted or what is verified.
import type { z } from 'zod';
import type { SignOffInput } from '../../../contract/ipc/sign-off.ts';
import type { VerifyRunView, verifyAnswerStopInput, verifyFinishInput } from '../../../contract/ipc/verify-runs.ts';
import { controlledCountRefusal, countNote } from '../../../rules/verification/controlled-count.ts';
import { outcomeOf, stopClearance, unsignedControlled } from '../../../rules/verification/outcome.ts';
import {
  applyVerdict,
  auditRecordOf,
  countsOf,
  dismissStop,
  markReported,
  newRun,
  problemsOf,
  stopRecordOf,
  undoLast,
} from '../../../rules/verification/run.ts';
import { AuditError } from '../../audit/index.ts';
import { StationError } from '../../platform/errors/station-errors.ts';
import { holdPrescriptions } from './fill-gate.ts';
import { type KeptRun, load, open, type Said, save, signOffsOf, view } from './kept-run.ts';
import { refuseIfStoppedNow } from './order-standing.ts';
import { verifiedElsewhere, verifiedInRecord } from './record-verified.ts';
import { type RunContext, readRunContext } from './run-context.ts';
import { contextOf, forget, ownerOf, remember } from './run-contexts.ts';
import type { RunParts } from './run-parts.ts';
import { judgeInRun, readScanText } from './scan-step.ts';
import { takeStockAtVerification } from './stock-at-verification.ts';
import { keptWords, MAX_WAITING, textOf, withWaiting } from './waiting-scans.ts';
import { checkWhoMayVerify, signBeforeCounting, withOwnFinalCheck } from './who-signs.ts';

/** Writes the audit record from main's own run, as main judges it, after holding who may verify. */
async function record(
  parts: RunParts,
  orderId: string,
  kept: KeptRun,
  taskRef: string | null,
  context: RunContext,
): Promise<KeptRun & { stockSaid?: string }> {
  const inputs = kept.signed.map((s) => s.input) as SignOffInput[];
  const outcome = outcomeOf(kept.run, inputs);
  if (!outcome) {
    const waiting = unsignedControlled(kept.run, inputs).map((line) => line.name ?? line.sku ?? line.productId);
    throw new StationError(
      'forbidden',
      `A pharmacist confirms the count of ${waiting.join(', ')} before it is verified.`,
    );
  }
  checkWhoMayVerify(context, kept.signed, parts);
  // Never on the old order: main's own inbox says it changed under the run, or another station holds it.
  const changed = parts.pharmacy.changedUnder(orderId);
  if (changed) throw new StationError('conflict', changed);
  const order = { id: orderId, orderNumber: kept.orderNumber };
  const signed = withOwnFinalCheck(kept.signed, outcome, parts);
  const input = auditRecordOf(kept.run, order, outcome, taskRef, signed.map((s) => s.input) as SignOffInput[]);
  if (outcome === 'verified') {
    // Read again: a prescription cancelled (or changed) at the service since the run started stops the record.
    await holdPrescriptions(context, parts, 'Not recorded as verified', true);
    await refuseIfStoppedNow(parts, orderId);
    // The pharmacy's record first: of two stations verifying one order, the record takes one and refuses the other.
    const prescriptionIds = (context.prescriptions ?? []).map((prescription) => prescription.id);
    await verifiedInRecord(parts, input, signOffsOf({ ...kept, signed }), context, prescriptionIds);
  }
  const runReads = {
    offline: kept.offline || parts.isOffline(),
    patientId: context.order.patientId,
    electronicPrescriptionIds: context.order.electronicPrescriptionIds,
  };
  const entry = parts.audit.record(input, parts.signedIn().user, signOffsOf({ ...kept, signed }), runReads);
  const recorded = { ...kept, run: { ...kept.run, recorded: entry } };
  if (entry.outcome !== 'verified') return recorded;
  parts.pharmacy.share('verified', orderId, kept.orderNumber);
  return { ...recorded, stockSaid: await takeStockAtVerification(parts, order, kept.run) };
}

export const verification = {
  /** Starts the person's run of the order, or resumes the one kept; refuses when the order cannot be read or verified. */
  async start(orderId: string, given: readonly SignOffInput[], parts: RunParts): Promise<VerifyRunView> {
    const context = await readRunContext(parts, orderId);
    const elsewhere = verifiedElsewhere(parts, orderId);
    if (elsewhere) throw new StationError('conflict', elsewhere);
    remember(parts, orderId, context);
    parts.pharmacy.watch(orderId);
    // Before any confirmation is taken: a held order uses up no pharmacist's sign-off.
    await holdPrescriptions(context, parts, `Order ${context.order.orderNumber ?? orderId} cannot be verified yet`);
    await parts.pharmacy.open(orderId);
    const kept = parts.runs.load(ownerOf(parts), orderId)?.run as KeptRun | undefined;
    if (kept && !kept.run.recorded) {
      // Sign-offs the screen sends again (it remounts with them) are not taken twice.
      const fresh = given.filter((g) => !kept.signed.some((s) => s.input.purpose === g.purpose));
      if (fresh.length === 0) return view(orderId, kept, null);
      const signed = [...kept.signed, ...signBeforeCounting(fresh, context, parts)];
      return save(parts, orderId, { ...kept, signed }, null);
    }
    const signed = signBeforeCounting(given, context, parts);
    checkWhoMayVerify(context, signed, parts);
    const fresh: KeptRun = {
      orderNumber: context.order.orderNumber,
      run: newRun(context.lines),
      signed,
      offline: context.offline,
    };
    return save(parts, orderId, fresh, null);
  },

  /** One scan: the text the scan field sent, read here once (refused when it is no code), then judged or kept. */
  async scan(input: { orderId: string; text: string; entry: 'scanner' | 'typed' }, parts: RunParts) {
    const kept = load(parts, input.orderId);
    const code = readScanText(input.text);
    if (kept.run.pending && !kept.run.recorded) {
      const waiting = withWaiting(kept.waiting, { text: input.text, entry: input.entry });
      if (!waiting) throw new StationError('conflict', `Answer the stop first: ${MAX_WAITING} scans already wait.`);
      const said = { tone: 'info' as const, text: keptWords(code.raw, kept.run.pending.title, waiting.length) };
      return save(parts, input.orderId, { ...kept, waiting }, said);
    }
    open(kept);
    const context = await contextOf(parts, input.orderId);
    const verdict = await judgeInRun(kept.run, context, code, parts);
    const run = applyVerdict(kept.run, verdict, input.entry);
    let next: KeptRun = { ...kept, run, offline: kept.offline || parts.isOffline() };
    const text = verdict.kind === 'stop' ? `${verdict.title}: ${verdict.message}` : verdict.message;
    let said: Said = { tone: verdict.kind === 'count' ? 'good' : 'bad', text };
    // A count that completes a run nobody else must sign is recorded as verified at once; the count is kept first.
    if (verdict.kind === 'count' && outcomeOf(run, next.signed.map((s) => s.input) as SignOffInput[]) === 'verified') {
      parts.runs.save(ownerOf(parts), input.orderId, next);
      try {
        const { stockSaid, ...recorded } = await record(parts, input.orderId, next, null, context);
        next = recorded;
        if (stockSaid) said = { tone: 'good', text: `${text} ${stockSaid}` };
      } catch (error) {
        if (!(error instanceof StationError || error instanceof AuditError)) throw error;
        said = { tone: 'bad', text: `${text} Counted, but not recorded: ${error.message}` };
      }
    }
    return save(parts, input.orderId, next, said);
  },

  undo(orderId: string, parts: RunParts): VerifyRunView {
    const kept = load(parts, orderId);
    open(kept);
    const run = undoLast(kept.run);
    if (run === kept.run) return view(orderId, kept, { tone: 'info', text: 'Nothing counted to take back.' });
    return save(parts, orderId, { ...kept, run }, { tone: 'info', text: run.scans.at(-1)?.message ?? 'Taken back.' });
  },

  /** Lets the stop waiting go with a reason that fits it; a pharmacist's reason only with a pharmacist's confirmation. */
  async answerStop(input: z.output<typeof verifyAnswerStopInput>, parts: RunParts): Promise<VerifyRunView> {
    const kept = load(parts, input.orderId);
    const pending = kept.run.pending;
    if (kept.run.recorded || !pending) throw new StationError('conflict', 'No stop is waiting in this verification.');
    const clearance = stopClearance(pending.kind, input.reason);
    if (clearance === 'refused') throw new StationError('invalid_input', 'That reason does not fit this stop.');
    if (input.reason === 'reported_as_task' && !input.taskRef) {
      throw new StationError('invalid_input', 'A stop reported as a task names the task.');
    }
    if (clearance === 'pharmacist' && !input.confirmationId) {
      throw new StationError('forbidden', 'A pharmacist confirms this at the station before the stop is let go.');
    }
    const approvedBy =
      clearance === 'pharmacist'
        ? parts.takeConfirmation(input.confirmationId as string, { kind: 'clear_stop', orderId: input.orderId })
        : null;
    const order = { id: input.orderId, orderNumber: kept.orderNumber };
    const stop = stopRecordOf(
      pending,
      order,
      input.reason,
      input.note,
      input.taskRef,
      approvedBy ? input.confirmationId : null,
    );
    parts.audit.recordStop(stop, parts.signedIn().user, approvedBy);
    parts.pharmacy.share('stop_raised', input.orderId, kept.orderNumber, pending.kind);
    const run = dismissStop(kept.run, input.reason, input.note, input.taskRef);
    const said: Said = { tone: 'info', text: `${pending.title}: let go and kept in the audit log.` };
    let answered = save(parts, input.orderId, { ...kept, run, waiting: [] }, said);
    // The scans kept behind the stop, in order: each counted (or kept again behind a new stop) as if scanned now.
    for (const scan of kept.waiting ?? [])
      answered = await verification.scan({ orderId: input.orderId, text: textOf(scan), entry: scan.entry }, parts);
    return answered;
  },

  /** Records the run as main judges it; a task reports every problem not yet reported (also after the record). */
  async finish(input: z.output<typeof verifyFinishInput>, parts: RunParts): Promise<VerifyRunView> {
    let kept = load(parts, input.orderId);
    if (kept.run.pending) throw new StationError('conflict', `Answer the stop first: ${kept.run.pending.title}.`);
    if (input.taskRef) {
      const problems = problemsOf(kept.run);
      const reported = markReported(
        kept.run,
        problems.stops.map((scan) => scan.seq),
        input.taskRef,
      );
      kept = { ...kept, run: problems.short.length > 0 ? { ...reported, shortReportedIn: input.taskRef } : reported };
    }
    if (kept.run.recorded) {
      if (!input.taskRef) throw new StationError('conflict', 'This verification was recorded already.');
      return save(parts, input.orderId, kept, { tone: 'info', text: 'Reported in the discrepancy task.' });
    }
    const context = await contextOf(parts, input.orderId);
    if (input.controlledCount) {
      const lines = unsignedControlled(kept.run, kept.signed.map((s) => s.input) as SignOffInput[]);
      if (lines.length === 0) throw new StationError('invalid_input', 'No controlled count waits for a pharmacist.');
      const purpose = { kind: 'controlled_count' as const, orderId: input.orderId };
      const { confirmationId, counts, note } = input.controlledCount;
      const by = parts.takeConfirmation(confirmationId, purpose);
      const refused = controlledCountRefusal(lines, countsOf(kept.run), counts);
      if (refused) {
        const facts = { purpose: purpose.kind, subject: input.orderId, claimedEmail: null, confirmed: by };
        parts.audit.recordRefusal({ ...facts, reason: 'count_mismatch', detail: refused }, parts.signedIn().user);
        throw new StationError('conflict', refused);
      }
      const noteOf = (productId: string) =>
        countNote(counts.find((count) => count.productId === productId)?.counted ?? 0, note);
      const signed = lines.map((line) => ({
        input: {
          purpose: 'controlled_count' as const,
          productId: line.productId,
          note: noteOf(line.productId),
          confirmationId,
        },
        by,
      }));
      kept = { ...kept, signed: [...kept.signed, ...signed] };
    }
    const { stockSaid, ...recorded } = await record(parts, input.orderId, kept, input.taskRef, context);
    return save(parts, input.orderId, recorded, stockSaid ? { tone: 'info', text: stockSaid } : null);
  },

  drop(orderId: string, parts: RunParts): { orderId: string } {
    parts.runs.drop(ownerOf(parts), orderId);
    parts.pharmacy.release(orderId);
    forget(parts, orderId);
    return { orderId };
  },
};
