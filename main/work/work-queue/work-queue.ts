// The work queue channel (workQueue:get): two service reads — the open orders and the prescriptions the service says
// are not reviewed, one page each — and this station's own records (review decisions, verifications), built into the
// queue by build-queue.ts. The electronic prescriptions of an open order are read one by one only when the
// prescriptions' page was full (some may lie past it), and then a few at most.

import type { WorkQueue } from '../../../contract/ipc/work-queue.ts';
import { operations } from '../../../contract/service/operations.ts';
import type { Order } from '../../../contract/service/orders.ts';
import type { PrescriptionItem } from '../../../contract/service/prescriptions.ts';
import limits from '../../../resources/vocabulary/clinical-limits.json' with { type: 'json' };
import schedules from '../../../resources/vocabulary/controlled-schedules.json' with { type: 'json' };
import table from '../../../resources/vocabulary/drug-classes.json' with { type: 'json' };
import { type ClinicalLimit, localDay } from '../../../rules/clinical/check-model.ts';
import { readDrugClasses } from '../../../rules/clinical/drug-vocabulary.ts';
import type { ReviewOfPrescription } from '../../../rules/verification/fill-gate.ts';
import type { ServiceReader } from '../../service/calls/service-calls.ts';
import { buildQueue } from './build-queue.ts';

/** One page of each list (the service's largest). */
export const QUEUE_PAGE = 200;
/** Electronic prescriptions read one by one past a full page, at most. */
export const EXTRA_READS = 20;
/** The order statuses before verification. */
const OPEN_STATUSES = 'received,data_entry,picked';
/** The prescription statuses that are not "OK to fill" on the service's side. */
const UNREVIEWED_STATUSES = 'new,exception';
const REVIEWS_READ = 5;

const vocabulary = {
  limits: limits.entries as ClinicalLimit[],
  schedules,
  classes: readDrugClasses(table),
};

export interface QueueParts {
  /** A service read; offline, what this station read earlier (asOf: when), else it throws. */
  read: ServiceReader;
  reviews(prescriptionId: string, limit: number): readonly ReviewOfPrescription[];
  /** Whether this station recorded a verification of the order as verified. */
  verifiedHere(orderId: string): boolean;
  taskName(ref: string): string | null;
  /** The email of the person signed in. */
  me(): string;
  /** The service id of the person signed in, or null. */
  meId(): string | null;
  now(): number;
  /** The last queue read in this sign-in (main's read cache, cleared at sign-out), for an offline station. */
  kept: { put(queue: WorkQueue): void; get(): { value: WorkQueue; at: number } | null };
  /** Whether a failure means the service could not be reached. */
  isOfflineFailure(error: unknown): boolean;
}

/** The prescriptions of open orders that the page did not hold, read through their electronic prescriptions. */
async function readPastThePage(orders: readonly Order[], listed: readonly PrescriptionItem[], parts: QueueParts) {
  const covered = new Set(listed.map((p) => p.electronic_prescription_id));
  const missing = [...new Set(orders.flatMap((o) => o.electronic_prescription_ids ?? []))].filter(
    (id) => !covered.has(id),
  );
  const reads = await Promise.all(
    missing.slice(0, EXTRA_READS).map((id) =>
      parts
        .read(operations.prescriptions.getElectronic, { params: { electronic_prescription_id: id } })
        .then((read): PrescriptionItem[] => read.value.prescriptions ?? [])
        .catch((): PrescriptionItem[] => []),
    ),
  );
  return { items: reads.flat(), unread: missing.length > EXTRA_READS };
}

/** The queue now; offline, the one read last in this sign-in (marked offline, as of then), else the failure. */
export async function readWorkQueue(parts: QueueParts): Promise<WorkQueue> {
  try {
    const queue = await readFromService(parts);
    if (!queue.offline) parts.kept.put(queue);
    return queue;
  } catch (error) {
    const kept = parts.isOfflineFailure(error) ? parts.kept.get() : null;
    if (!kept) throw error;
    return { ...kept.value, offline: true, readAt: kept.at };
  }
}

async function readFromService(parts: QueueParts): Promise<WorkQueue> {
  const [orders, prescriptions] = await Promise.all([
    parts.read(operations.orders.list, { query: { status: OPEN_STATUSES, page_size: QUEUE_PAGE } }),
    parts.read(operations.prescriptions.list, { query: { status: UNREVIEWED_STATUSES, page_size: QUEUE_PAGE } }),
  ]);
  const openOrders: Order[] = orders.value;
  const listed: PrescriptionItem[] = prescriptions.value;
  const past =
    listed.length >= QUEUE_PAGE ? await readPastThePage(openOrders, listed, parts) : { items: [], unread: false };
  const queue = buildQueue({
    orders: openOrders,
    prescriptions: [...listed, ...past.items],
    reviewsOf: (id) => parts.reviews(id, REVIEWS_READ),
    verifiedHere: parts.verifiedHere,
    taskName: parts.taskName,
    me: parts.me(),
    meId: parts.meId(),
    today: localDay(new Date(parts.now())),
    vocabulary,
  });
  const asOf = [orders.asOf, prescriptions.asOf].filter((at): at is number => at !== null);
  return {
    ...queue,
    partial: openOrders.length >= QUEUE_PAGE || past.unread,
    readAt: asOf.length > 0 ? Math.min(...asOf) : parts.now(),
    offline: asOf.length > 0,
  };
}
