// A training log as a card (the webhook deliveries, the mailbox): its title, "Read again" on a shortcut and in the
// palette, then reading, refused, empty, or the list, newest first.
import type { ReactNode } from 'react';
import { useCommands } from '../../commands/command-store.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { messageOf } from '../../queries/station.ts';
import { trainingWords } from './wording.ts';

export interface LogRead<T> {
  data: T[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export function LogCard<T>(props: {
  id: string;
  title: string;
  /** The palette's command: its id and title ("Read the mailbox again"). */
  command: { id: string; title: string; shortcut: string };
  read: LogRead<T>;
  /** "Reading the mailbox…" */
  reading: string;
  /** What an empty log says (what to do to fill it). */
  empty: ReactNode;
  listLabel: string;
  /** Filters between the title and the list. */
  children?: ReactNode;
  row: (item: T) => ReactNode;
}) {
  const { read, command } = props;
  const readAgain = () => void read.refetch();
  useCommands([{ ...command, group: trainingWords.group, run: readAgain }]);
  const list = read.data ?? [];
  const titleId = `training-${props.id}-title`;

  return (
    <section className="card settings-card" aria-labelledby={titleId}>
      <div className="section-head">
        <h2 id={titleId}>{props.title}</h2>
        <ActionButton shortcut={command.shortcut} onClick={readAgain} className="button-small">
          {trainingWords.readAgain}
        </ActionButton>
      </div>
      {props.children}
      {read.isPending ? <p className="muted">{props.reading}</p> : null}
      {read.isError && !read.data ? (
        <p className="notice notice-bad" role="alert">
          {messageOf(read.error)}
        </p>
      ) : null}
      {read.data && list.length === 0 ? <p className="muted">{props.empty}</p> : null}
      {list.length > 0 ? (
        <ol className="log-list" aria-label={props.listLabel}>
          {list.map(props.row)}
        </ol>
      ) : null}
    </section>
  );
}
