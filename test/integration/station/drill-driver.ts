// Plays a training drill through the station's channels, as the trainee at the bench would (and as a trainer sets it
// up): the trainer starts it for a trainee, the trainee scans the practice bin's codes, answers the stop, makes the
// discrepancy task, finishes, and says done. Main scores it from its own records.
import type { DrillAttempt } from '../../../contract/ipc/drills.ts';
import { discrepancyTaskBody } from '../../../rules/verification/discrepancy.ts';
import { PASSWORD } from './harness.ts';
import type { verifyDriver } from './verify-driver.ts';

export const PHARMACIST = 'pharmacist@training.local';

export function drillDriver(driver: ReturnType<typeof verifyDriver>) {
  const { value } = driver;
  const signInAs = async (email: string) => {
    await driver.invoke('session:signOut');
    await value('session:signIn', { email, password: PASSWORD });
  };
  /** The trainer (admin) sets the drill up for the trainee, then the trainee signs in: the attempt. */
  async function startAs(trainer: string, drillId: string, trainee: string): Promise<DrillAttempt> {
    await signInAs(trainer);
    const attempt = await value('drills:start', { drillId, trainee });
    await signInAs(trainee);
    return attempt;
  }
  /** Scans one item of the bin: its code, with its count typed before it when more than one. */
  const scanItem = (attempt: DrillAttempt, item: { code: string; count: number }, count = item.count) =>
    driver.scan(attempt.orderId, item.code, count > 1 ? { quantity: count, entry: 'typed' } : {});
  /** A discrepancy task for the order, as the verify screen makes it (Alt+D or at the end), queued in the outbox. */
  async function discrepancyTask(
    attempt: DrillAttempt,
    problems: Parameters<typeof discrepancyTaskBody>[1],
  ): Promise<string> {
    const body = discrepancyTaskBody({ id: attempt.orderId, orderNumber: attempt.orderNumber }, problems, 'T01');
    const queued = await value('tasks:enqueue', { kind: 'create', body });
    return queued.taskRef ?? queued.id;
  }
  const confirm = async (kind: 'clear_stop' | 'controlled_count', orderId: string) =>
    (await value('session:confirmPharmacist', { who: PHARMACIST, password: PASSWORD, purpose: { kind, orderId } }))
      .confirmationId as string;
  const finish = (attempt: DrillAttempt, extra: Record<string, unknown> = {}) =>
    driver.invoke('verify:finish', { orderId: attempt.orderId, taskRef: null, controlledCount: null, ...extra });
  const done = (attempt: DrillAttempt) => value('drills:done', { attemptId: attempt.id });
  /** Each check's result as `kind: passed`, and the reasons, for short expectations. */
  const verdicts = (scored: Pick<DrillAttempt, 'results'>): Record<string, boolean> =>
    Object.fromEntries(scored.results!.map((r) => [r.check.kind, r.passed]));
  const reasons = (scored: Pick<DrillAttempt, 'results'>) => scored.results!.map((r) => r.reason).join(' | ');
  return { signInAs, startAs, scanItem, discrepancyTask, confirm, finish, done, verdicts, reasons };
}
