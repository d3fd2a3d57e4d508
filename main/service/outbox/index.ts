// The outbox's public surface: import from here, not from the files behind it.
export { createOutbox } from './outbox.ts';
export { updateAlreadyApplied } from './reconcile.ts';
export {
  type BackoffSettings,
  OUTBOX_STATES,
  type Outbox,
  type OutboxChange,
  type OutboxCounts,
  type OutboxEntry,
  OutboxError,
  type OutboxErrorCode,
  type OutboxOptions,
  type OutboxProblem,
  type OutboxQueuedBy,
  type OutboxState,
  type OutboxWrite,
  type OutboxWriteKind,
  outboxOperations,
  queuedByOf,
  queuedTaskName,
  type TasksClient,
} from './types.ts';
export { COMPLETE_STATUS, outboxWriteSchema } from './write.ts';
