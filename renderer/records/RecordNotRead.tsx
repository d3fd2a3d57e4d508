// What a details screen shows while its record is being read, or when it could not be: "no such record" for a
// not-found answer, the call's own message otherwise, and the way back to the list.
import type { ReactNode } from 'react';
import { ActionButton } from '../forms/ActionButton.tsx';
import { messageOf, type StationCallError } from '../queries/station.ts';

/** A record kind's words for it: the screen's accessible name ("Patient"), "Reading the patient…", "There is no
 * patient with this id.", and the way back ("All patients"). */
export interface RecordNotReadWords {
  group: string;
  reading: string;
  notFound: string;
  toList: string;
}

export function RecordNotRead(props: {
  /** The record's query (react-query's pending flag and error). */
  query: { isPending: boolean; error: unknown };
  words: RecordNotReadWords;
  /** Back to the list (Escape unless the screen says otherwise). */
  onBack(): void;
  backShortcut?: string;
  /** Shown above the refusal (e.g. the last scan's notice). */
  children?: ReactNode;
}) {
  const { words } = props;
  if (props.query.isPending) return <p className="screen muted">{words.reading}</p>;
  const notFound = (props.query.error as StationCallError | null)?.notFound;
  return (
    <main className="screen records" aria-label={words.group}>
      {props.children}
      <div className="notice notice-bad" role="alert">
        {notFound ? words.notFound : messageOf(props.query.error)}
      </div>
      <ActionButton shortcut={props.backShortcut ?? 'Escape'} onClick={props.onBack}>
        {words.toList}
      </ActionButton>
    </main>
  );
}
