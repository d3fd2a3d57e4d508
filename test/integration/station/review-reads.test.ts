// The service reads one prescription review costs, counted at the service (a counting proxy in front of a real training
// service), not timed: the review opened as the screen opens it (review:open, the decisions so far, another station's
// review) and a pharmacist's decision recorded over it (audit:recordReview) read the service at most 5 times in all:
// main reads what the cards show and the checks need once, and the decision reuses those reads. The station's poller
// keeps its minute out of the count (its interval never fires here; its first look is over before counting starts).
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startChild } from '../../bench/lib/child.ts';
import { type CountingProxy, startCountingProxy } from '../../bench/lib/counting-proxy.ts';
import { PASSWORD, type StationRig, startStationRig } from './harness.ts';
import { verifyDriver } from './verify-driver.ts';

const PHARMACIST = 'pharmacist@training.local';
const root = join(import.meta.dirname, '../../..');
let training: { url: string; child: ChildProcess };
let proxy: CountingProxy;
let rig: StationRig;
const { value, refusal, orders } = verifyDriver(() => rig);

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  training = await startChild(
    [join(root, 'training/cli.ts'), '--port', '0', '--db', ':memory:', '--orders', '30', '--paused', '--quiet'],
    /training service listening on (http:\/\/\S+)/,
  );
  proxy = await startCountingProxy(training.url);
  rig = await startStationRig({ startTraining: async () => ({ url: proxy.url, stop: async () => {} }) });
  await value('session:signIn', { email: PHARMACIST, password: PASSWORD });
  // The sign-in's webhook subscription runs in the background (main/events/subscription.ts): it finishes before the
  // reads of a review are counted (a fresh-clone CI run counted its GET of the webhooks as the review's sixth read).
  await until(() => proxy.reads().some((read) => read.includes('/notifications/webhooks')) && proxy.inFlight() === 0);
}, 60_000);

/** Waits for a state (beforeAll has no expect.poll); the timer is a real one (only intervals are faked here). */
async function until(test: () => boolean, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  while (!test()) {
    if (Date.now() - started > timeoutMs) throw new Error('the sign-in’s webhook subscription did not finish');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
afterAll(async () => {
  await rig?.close();
  await proxy?.close();
  training?.child.kill('SIGTERM');
  vi.useRealTimers();
});

/** Orders with electronic prescriptions, each opened once. */
const used: string[] = [];
async function orderWithPrescription() {
  const found = (await orders('received,data_entry')).find(
    (order) => (order.electronic_prescription_ids ?? []).length > 0 && !used.includes(order.id),
  );
  if (!found) throw new Error('the demo data has no order with an electronic prescription left');
  used.push(found.id);
  return found;
}

/** The service GETs `work` caused, in the order sent, ids left in. */
async function readsOf(work: () => Promise<unknown>): Promise<string[]> {
  await expect.poll(() => proxy.inFlight()).toBe(0);
  proxy.reset();
  await work();
  await expect.poll(() => proxy.inFlight()).toBe(0);
  return proxy.reads();
}

/** A review opened as the screen opens it: main's review, the decisions so far, another station's review. */
async function open(prescriptionId: string, orderId?: string) {
  const opened = await value('review:open', { prescriptionId, ...(orderId ? { orderId } : {}) });
  await value('audit:reviews', { prescriptionId: opened.prescription.id, limit: 5 });
  await value('pharmacy:state', { subjectId: opened.prescription.id });
  return opened;
}

/** "Reviewed — OK to fill" as the screen sends it: every failed check acknowledged. */
function decide(opened: Awaited<ReturnType<typeof open>>) {
  const findings = opened.checks.map((check) => ({
    check: check.id,
    status: check.status,
    finding: check.reason,
    acknowledgement: check.status === 'pass' ? null : 'Checked with the prescriber by phone',
  }));
  const decision = { prescriptionId: opened.prescription.id, decision: 'reviewed' as const, note: '', taskRef: null };
  return value('audit:recordReview', { ...decision, findings });
}

/** The reads of opening and of deciding, each as "GET /api/v1/…". */
async function openAndDecide(prescriptionId: string, orderId?: string) {
  let opened: Awaited<ReturnType<typeof open>> | undefined;
  let recorded: Awaited<ReturnType<typeof decide>> | undefined;
  const opening = await readsOf(async () => {
    opened = await open(prescriptionId, orderId);
  });
  const deciding = await readsOf(async () => {
    recorded = await decide(opened as Awaited<ReturnType<typeof open>>);
  });
  return { opened: opened as NonNullable<typeof opened>, recorded, opening, deciding };
}

describe('the service reads of one prescription review', () => {
  it('opened from the order view and decided, a review reads the service at most 5 times', async () => {
    const order = await orderWithPrescription();
    const electronicId = order.electronic_prescription_ids![0] as string;
    const review = await openAndDecide(electronicId, order.id);
    const reads = [...review.opening, ...review.deciding];
    expect(reads.length, reads.join(', ')).toBeLessThanOrEqual(5);
    // The decision is recorded over the reads the review was opened with: it reads nothing again.
    expect(review.deciding).toEqual([]);
    // What the cards show came with the checks: the order, the prescriber, the patient's risk factors.
    expect(review.opened.order?.id).toBe(order.id);
    expect(review.opened.electronic?.id).toBe(electronicId);
    expect(review.opened.prescriber).not.toBeNull();
    expect(review.opened.riskFactors).not.toBeNull();
    // The decision recorded main's findings over the same reads: the checks the screen was shown.
    expect(review.recorded?.findings.map((f) => [f.check, f.status])).toEqual(
      review.opened.checks.map((check) => [check.id, check.status]),
    );
  }, 60_000);

  it('opened by the prescription itself (a scan, a task, the search) and decided, it reads the service at most 5 times', async () => {
    const order = await orderWithPrescription();
    const electronic = await value('prescriptions:getElectronic', {
      params: { electronic_prescription_id: order.electronic_prescription_ids![0] as string },
    });
    const prescriptionId = electronic.prescriptions?.[0]?.id as string;
    const review = await openAndDecide(prescriptionId);
    const reads = [...review.opening, ...review.deciding];
    expect(reads.length, reads.join(', ')).toBeLessThanOrEqual(5);
    expect(review.deciding).toEqual([]);
    expect(review.opened.order?.id).toBe(order.id);
  }, 60_000);

  it('a decision on an electronic prescription id is refused: a decision names the prescription reviewed', async () => {
    const order = await orderWithPrescription();
    const refused = await refusal('audit:recordReview', {
      prescriptionId: order.electronic_prescription_ids![0],
      decision: 'reviewed',
      findings: [],
      note: '',
      taskRef: null,
    });
    expect(refused).toMatchObject({ code: 'not_found' });
  }, 60_000);
});
