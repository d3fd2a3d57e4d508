// One rule for every list on every screen: an empty state ("No tasks are assigned to you") only after a read that
// succeeded; a failed read shows its error and a way to try again, never an empty state or a spinner that cannot end.

/** What a list screen knows of its read (react-query's result fits). */
export interface ListRead {
  isPending: boolean;
  isError: boolean;
  /** 'idle' while the read does not run (disabled, or paused offline). */
  fetchStatus: 'fetching' | 'paused' | 'idle';
  data: unknown;
}

export type ListPhase =
  /** The first read is running: say so. */
  | 'reading'
  /** The read failed and nothing was read before: the error, no empty state, no spinner. */
  | 'failed'
  /** Nothing is being read and nothing was (a disabled query): neither empty nor reading. */
  | 'idle'
  /** Read: the rows, or the empty state when there are none. */
  | 'read';

export function listPhase(read: ListRead): ListPhase {
  if (read.data !== undefined) return 'read';
  if (read.isError) return 'failed';
  if (read.isPending && read.fetchStatus === 'fetching') return 'reading';
  return 'idle';
}
