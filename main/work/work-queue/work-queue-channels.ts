// The work queue's channel as a group of the station's channels: what it receives of the station, adapted to the
// queue's own parts (work-queue.ts QueueParts).
import type { ChannelGroup } from '../../../contract/ipc/channel-group.ts';
import type { WorkQueue } from '../../../contract/ipc/work-queue.ts';
import type { AuditLog } from '../../audit/index.ts';
import type { PharmacyRecord } from '../../events/record/record.ts';
import {
  callService,
  isOfflineFailure,
  readThrough,
  type ServiceCallParts,
} from '../../service/calls/service-calls.ts';
import { queuedTaskName } from '../../service/outbox/index.ts';
import type { Outbox } from '../../service/outbox/types.ts';
import type { Session } from '../../service/session/index.ts';
import { recordedReviews } from '../review/record-reviews.ts';
import { readOrderHolds } from './order-holds.ts';
import { type QueueParts, readWorkQueue } from './work-queue.ts';

export interface WorkQueueChannelParts extends ServiceCallParts {
  audit: Pick<AuditLog, 'reviews' | 'list' | 'recordAdjustment'>;
  record: Pick<PharmacyRecord, 'latestReview' | 'station'>;
  outbox: Pick<Outbox, 'get'>;
  session: Pick<Session, 'state' | 'caller'>;
  options: { now?: () => number };
}

function queueParts(parts: WorkQueueChannelParts): QueueParts {
  return {
    read: (operation, input) => readThrough(operation, input, parts),
    // The pharmacy's record: a decision at any station shows here (before the record, this station's log).
    reviews: (prescriptionId) => recordedReviews(prescriptionId, parts),
    verifiedHere: (orderId) => parts.audit.list({ orderId, limit: 20 }).some((entry) => entry.outcome === 'verified'),
    taskName: (ref) => queuedTaskName(parts.outbox, ref),
    me: () => parts.session.state().user?.email ?? '',
    meId: () => parts.session.state().user?.id ?? null,
    now: parts.options.now ?? Date.now,
    kept: {
      put: (queue) => parts.reads.put('workQueue.get', {}, queue, parts.reads.signIn()),
      // The read cache keeps the queue under its own name: what it holds there is a queue.
      get: () => parts.reads.get('workQueue.get', {}) as { value: WorkQueue; at: number } | null,
    },
    isOfflineFailure,
  };
}

export const workQueueHandlers: ChannelGroup<'workQueue:get' | 'workQueue:orderHolds', WorkQueueChannelParts> = {
  'workQueue:get': (_, parts) => readWorkQueue(queueParts(parts)),
  'workQueue:orderHolds': ({ orderId }, parts) =>
    readOrderHolds(orderId, {
      record: parts.record,
      audit: parts.audit,
      read: (operation, input) => callService(operation, input, parts),
    }),
};
