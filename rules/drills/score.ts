// Scoring a drill: each of its checks judged from the station's own records of the drill's order (what main read from
// its audit log, its outbox and the service), passed or missed, with the reason in plain words. Pure: no clock, no I/O.
import type { DrillCheck } from '../../contract/drills.ts';
import type { STOP_REASONS } from '../../contract/ipc/audit-scan.ts';
import { REASON_LABELS } from '../verification/discrepancy.ts';
import { STOP_TITLES } from '../verification/verdict.ts';
import { checkWords, EXPECT_WORDS, reasonList } from './check-words.ts';

type StopKind = keyof typeof STOP_REASONS;
type Reason = keyof typeof REASON_LABELS;

/** The records main gathered for one drill's order, from its own logs (never from the renderer). */
export interface DrillRecords {
  verifications: { outcome: 'verified' | 'discrepancy'; recordedAt: string; signOffs: { purpose: string }[] }[];
  stops: { kind: StopKind; reason: Reason; approvedBy: { email: string } | null }[];
  reviews: {
    decision: 'reviewed' | 'needs_clarification' | 'exception';
    findings: { check: string; status: 'pass' | 'warn' | 'fail' }[];
    taskRef: string | null;
    recordedAt: string;
  }[];
  /** The order's prescription labels as printed, oldest first. */
  labelPrints: {
    copy: number;
    grounds: 'verified' | 'pharmacist' | 'not_gated';
    reprintReason: string | null;
    recordedAt: string;
  }[];
  /** Task creates for the order in the outbox: their name, description and state. */
  tasks: { name: string; description: string; state: string }[];
  /**
   * Active patients who may be the drill's patient (their birth date and first or last name) when the drill was set up
   * and now; null when the service did not say.
   */
  samePatient: { atStart: number | null; now: number | null };
}

export interface CheckResult {
  check: DrillCheck;
  /** What was expected, in a pharmacist's words. */
  expected: string;
  passed: boolean;
  /** Why it passed or was missed, from the records. */
  reason: string;
}

const pass = (reason: string) => ({ passed: true, reason });
const miss = (reason: string) => ({ passed: false, reason });
const DISCREPANCY_NAME = 'Verification discrepancy';

function judgeStop(check: Extract<DrillCheck, { kind: 'stop_raised' }>, r: DrillRecords) {
  const title = STOP_TITLES[check.stop];
  const stops = r.stops.filter((s) => s.kind === check.stop);
  if (stops.length === 0)
    return miss(`No "${title}" stop was recorded: the item that should stop the count never did.`);
  const wrong = stops.find((s) => !check.letGoAs.includes(s.reason));
  if (wrong) {
    return miss(
      `The "${title}" stop was let go as "${REASON_LABELS[wrong.reason]}"; it should only be let go as ${reasonList(check.letGoAs)}.`,
    );
  }
  return pass(`The "${title}" stop was raised and let go as "${REASON_LABELS[stops[0]?.reason ?? 'other']}".`);
}

function judgeVerification(check: Extract<DrillCheck, { kind: 'verification' }>, r: DrillRecords) {
  const verified = r.verifications.find((v) => v.outcome === 'verified');
  const discrepancy = r.verifications.find((v) => v.outcome === 'discrepancy');
  switch (check.expect) {
    case 'not_verified':
      return verified
        ? miss('The order was recorded as verified, and it should not have been.')
        : pass('The order was not recorded as verified.');
    case 'verified':
      return verified ? pass('The order was recorded as verified.') : miss('The order was never recorded as verified.');
    case 'discrepancy':
      return discrepancy
        ? pass('The verification was recorded as a discrepancy.')
        : miss('No verification was recorded as a discrepancy.');
  }
}

function judgeSignOff(check: Extract<DrillCheck, { kind: 'sign_off' }>, r: DrillRecords) {
  const words = check.purpose === 'controlled_count' ? "a pharmacist's count" : "a pharmacist's override of the picker";
  const signed = r.verifications.some((v) => v.signOffs.some((s) => s.purpose === check.purpose));
  return signed
    ? pass(`The verification carries ${words}, confirmed at the station.`)
    : miss(`No verification was recorded with ${words}.`);
}

function judgeDiscrepancyTask(check: Extract<DrillCheck, { kind: 'discrepancy_task' }>, r: DrillRecords) {
  const mark = check.problem === 'short_line' ? 'Short lines:' : `(${check.problem})`;
  const what = check.problem === 'short_line' ? 'the short line' : `the "${STOP_TITLES[check.problem]}" stop`;
  const tasks = r.tasks.filter((t) => t.name.startsWith(DISCREPANCY_NAME));
  if (tasks.length === 0) return miss('No discrepancy task was made for the order.');
  return tasks.some((t) => t.description.includes(mark))
    ? pass(`A discrepancy task for the order reports ${what}.`)
    : miss(`A discrepancy task was made, but it does not report ${what}.`);
}

function judgeReview(check: Extract<DrillCheck, { kind: 'review_decision' }>, r: DrillRecords) {
  const latest = r.reviews.at(-1);
  const decision = EXPECT_WORDS[check.decision];
  if (!latest) return miss('No review decision was recorded for the prescription.');
  if (latest.decision !== check.decision) {
    return miss(`The review was recorded as "${EXPECT_WORDS[latest.decision]}"; it needed "${decision}".`);
  }
  const failed = latest.findings.some((f) => f.check === check.failedCheck && f.status === 'fail');
  if (!failed)
    return miss(`The review was "${decision}", but it does not record the ${check.failedCheck} check failing.`);
  if (check.decision !== 'reviewed' && latest.taskRef === null) return miss('The review names no task.');
  return pass(`The review records the failed ${check.failedCheck} check and was "${decision}", with its task.`);
}

function judgeLabels(r: DrillRecords) {
  const firstVerified = r.verifications
    .filter((v) => v.outcome === 'verified')
    .map((v) => v.recordedAt)
    .sort()[0];
  const early = r.labelPrints.find(
    (p) => p.grounds !== 'verified' || firstVerified === undefined || p.recordedAt < firstVerified,
  );
  if (early) {
    const how = early.grounds === 'pharmacist' ? " on a pharmacist's override" : '';
    return miss(`A label was printed${how} before the order was verified.`);
  }
  return pass(
    r.labelPrints.length === 0 ? 'No label was printed.' : 'Every label was printed after the order was verified.',
  );
}

function judgeReprint(check: Extract<DrillCheck, { kind: 'reprint_reason' }>, r: DrillRecords) {
  const reprints = r.labelPrints.filter((p) => p.copy > 1);
  if (reprints.length === 0) return miss('The label was never reprinted.');
  return reprints.some((p) => p.reprintReason === check.reason)
    ? pass(`The reprint was recorded as copy ${reprints[0]?.copy} with its reason.`)
    : miss(`The label was reprinted, but not for the reason "${check.reason}".`);
}

function judgeSentOnce(r: DrillRecords) {
  if (r.tasks.length === 0) return miss('No task was written for the order.');
  if (r.tasks.length > 1) return miss(`The task was written ${r.tasks.length} times: the team gets it more than once.`);
  const [task] = r.tasks;
  return task?.state === 'done'
    ? pass('The task was written once and the service has it.')
    : miss(`The task was written once but has not reached the service (it is ${task?.state ?? 'unknown'}).`);
}

function judgeDuplicate(r: DrillRecords) {
  const { atStart, now } = r.samePatient;
  if (atStart === null || now === null) return miss('The service could not be asked how many such patients it holds.');
  if (now > atStart) {
    return miss(`The service now holds ${now} records of the same patient; it held ${atStart} when the drill began.`);
  }
  return pass('The patient was found on file, not entered twice.');
}

function judge(check: DrillCheck, r: DrillRecords): { passed: boolean; reason: string } {
  switch (check.kind) {
    case 'stop_raised':
      return judgeStop(check, r);
    case 'verification':
      return judgeVerification(check, r);
    case 'sign_off':
      return judgeSignOff(check, r);
    case 'discrepancy_task':
      return judgeDiscrepancyTask(check, r);
    case 'review_decision':
      return judgeReview(check, r);
    case 'labels_after_verification':
      return judgeLabels(r);
    case 'reprint_reason':
      return judgeReprint(check, r);
    case 'task_sent_once':
      return judgeSentOnce(r);
    case 'no_duplicate_patient':
      return judgeDuplicate(r);
  }
}

/** Every check of the drill, in its order, judged from the records. */
export function scoreDrill(checks: readonly DrillCheck[], records: DrillRecords): CheckResult[] {
  return checks.map((check) => ({ check, expected: checkWords(check), ...judge(check, records) }));
}
