// The body of a list, the one way: "Reading…" during the first read, the error with Try again when it failed, the
// empty state only after a successful read, else the rows (kept on screen when a later refresh fails).
import type { ReactNode } from 'react';
import { messageOf } from '../queries/station.ts';
import { type ListRead, listPhase } from './list-phase.ts';

export interface ListBodyProps {
  read: ListRead & { error: unknown; refetch(): unknown };
  /** What the list holds, for the sentences ("tasks", "products of this lot"). */
  what: string;
  /** Rows to show (a list may also show rows of its own, such as writes not sent yet, before the read ends). */
  count: number;
  empty: ReactNode;
  children: ReactNode;
}

export function ListBody({ read, what, count, empty, children }: ListBodyProps) {
  const phase = listPhase(read);
  const failure =
    phase === 'failed' ? (
      <div className="notice notice-bad" role="alert">
        The {what} could not be read: {messageOf(read.error)}{' '}
        <button type="button" className="button" onClick={() => void read.refetch()}>
          Try again
        </button>
      </div>
    ) : null;
  if (count > 0) {
    return (
      <>
        {failure}
        {children}
      </>
    );
  }
  if (phase === 'reading') {
    return (
      <p className="muted" role="status">
        Reading the {what}…
      </p>
    );
  }
  if (phase === 'read') return <>{empty}</>;
  return failure;
}
