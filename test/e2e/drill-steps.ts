// A trainee's moves in a training drill, made through the page's bridge (window.station, as the screens make them):
// the trainer (admin) sets the drill up for the trainee, the trainee signs in and scans the practice bin's codes,
// answers a stop, makes the discrepancy task, finishes, prints, reviews, and says done. Main scores it from its
// own records; `verdicts` and `reasons` read its answer. Used by drills-every.spec.ts.
import type { Page } from '@playwright/test';
import type { DrillAttempt } from '../../contract/ipc/drills.ts';
import { CHECK_IDS } from '../../rules/clinical/check-model.ts';
import { discrepancyTaskBody } from '../../rules/verification/discrepancy.ts';
import type { CallInput } from './station-calls.ts';
import { call, callUnchecked, DEMO_PASSWORD } from './support.ts';

export const ADMIN = 'admin@training.local';
export const TECHNICIAN = 'technician@training.local';
export const PHARMACIST = 'pharmacist@training.local';

export type Attempt = DrillAttempt;
export type Problems = Parameters<typeof discrepancyTaskBody>[1];

export function drillSteps(page: () => Page) {
  const signInAs = async (email: string) => {
    await call(page(), 'session', 'signOut');
    await call(page(), 'session', 'signIn', { email, password: DEMO_PASSWORD });
  };
  /** The answer of a channel as it came (refusals included), any input: a trainee's mistakes are sent as made. */
  const invoke = (domain: string, verb: string, input?: unknown) => callUnchecked(page(), domain, verb, input);
  return {
    signInAs,
    invoke,
    /** The trainer sets the drill up for the trainee, who then signs in: the attempt. */
    async start(drillId: string, trainee: string): Promise<Attempt> {
      await signInAs(ADMIN);
      const attempt = await call(page(), 'drills', 'start', { drillId, trainee });
      await signInAs(trainee);
      return attempt;
    },
    verifyStart: (a: Attempt) => call(page(), 'verify', 'start', { orderId: a.orderId }),
    /** The bin's item scanned, its count typed before the code when more than one. */
    scanBin: (a: Attempt, count = a.bin[0]?.count ?? 1) =>
      call(page(), 'verify', 'scan', {
        orderId: a.orderId,
        // The scanned text as the field sends it: a typed count before the code (`90*CODE`).
        ...(count > 1
          ? { text: `${count}*${a.bin[0]?.code}`, entry: 'typed' as const }
          : { text: a.bin[0]!.code, entry: 'scanner' as const }),
      }),
    letGo: (a: Attempt, reason: CallInput<'verify', 'answerStop'>[0]['reason'], note: string) =>
      call(page(), 'verify', 'answerStop', { orderId: a.orderId, reason, note, taskRef: null, confirmationId: null }),
    /** A discrepancy task for the order, as the verify screen makes it, queued in the outbox: its reference. */
    async discrepancyTask(a: Attempt, problems: Problems): Promise<string> {
      const body = discrepancyTaskBody({ id: a.orderId, orderNumber: a.orderNumber }, problems, 'T01');
      const queued = await call(page(), 'tasks', 'enqueue', { kind: 'create', body });
      return queued.taskRef ?? queued.id;
    },
    finish: (a: Attempt, extra: Record<string, unknown> = {}) =>
      invoke('verify', 'finish', { orderId: a.orderId, taskRef: null, controlledCount: null, ...extra }),
    /** A pharmacist confirms at the station for this purpose: the confirmation's id. */
    async confirm(kind: 'controlled_count', a: Attempt): Promise<string> {
      const purpose = { kind, orderId: a.orderId };
      const input = { who: PHARMACIST, password: DEMO_PASSWORD, purpose };
      return (await call(page(), 'session', 'confirmPharmacist', input)).confirmationId;
    },
    /** The order's prescription label printed (a reprint with its reason): main gates and records the copy. */
    async printLabel(a: Attempt, reprint?: CallInput<'print', 'document'>[0]['reprint']) {
      const document = { kind: 'prescription_label' as const, orderId: a.orderId, prescriptionId: a.prescriptionId! };
      const { ticket } = await call(page(), 'print', 'prepare', { document });
      return call(page(), 'print', 'document', { ticket: ticket!, output: 'print', ...(reprint ? { reprint } : {}) });
    },
    /** The pharmacist's review, the failed check acknowledged: a clarification (with its task) or "reviewed". */
    async review(a: Attempt, decision: 'needs_clarification' | 'reviewed', check: string) {
      let taskRef: string | null = null;
      if (decision === 'needs_clarification') {
        const body = {
          name: `Clarify with the prescriber: order ${a.orderNumber}`,
          category_code: 'T02',
          order_id: a.orderId,
        };
        const queued = await call(page(), 'tasks', 'enqueue', { kind: 'create', body });
        taskRef = queued.taskRef ?? queued.id;
      }
      // The drill's check, and any other main finds failing (an earlier attempt's prescription still open is a
      // duplicate), each acknowledged after reading it.
      const findings = [check, ...CHECK_IDS.filter((other) => other !== check)].map((id) => ({
        check: id,
        status: 'fail' as const,
        finding: 'as shown',
        acknowledgement: 'Acknowledged after reading it',
      }));
      const note = decision === 'reviewed' ? '' : 'Asked the prescriber';
      const input = { prescriptionId: a.prescriptionId!, decision, findings, note, taskRef };
      return call(page(), 'audit', 'recordReview', input);
    },
    done: (a: Attempt) => call(page(), 'drills', 'done', { attemptId: a.id }),
  };
}

/** Each check's result as `kind: passed`. */
export const verdicts = (scored: Pick<Attempt, 'results'>): Record<string, boolean> =>
  Object.fromEntries(scored.results!.map((r) => [r.check.kind, r.passed]));
/** Main's reasons, one line. */
export const reasons = (scored: Pick<Attempt, 'results'>) => scored.results!.map((r) => r.reason).join(' | ');
