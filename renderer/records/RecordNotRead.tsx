// What a details screen shows while its record is being read, or when it could not be: "no such record" for a
// not-found answer, the call's own message otherwise, and the way back to the list.
import type { ReactNode } from 'react';
import { ActionButton } from '../forms/ActionButton.tsx';
import { messageOf, type StationCallError } from '../queries/station.ts';

export function RecordNotRead(props: {
  /** The record's query (react-query's pending flag and error). */
  query: { isPending: boolean; error: unknown };
  /** The screen's accessible name ("Patient"). */
  label: string;
  /** "Reading the patient…" */
  reading: string;
  /** "There is no patient with this id." */
  notFound: string;
  back: { words: string; shortcut: string; run(): void };
  /** Shown above the refusal (e.g. the last scan's notice). */
  children?: ReactNode;
}) {
  if (props.query.isPending) return <p className="screen muted">{props.reading}</p>;
  const notFound = (props.query.error as StationCallError | null)?.notFound;
  return (
    <main className="screen records" aria-label={props.label}>
      {props.children}
      <div className="notice notice-bad" role="alert">
        {notFound ? props.notFound : messageOf(props.query.error)}
      </div>
      <ActionButton shortcut={props.back.shortcut} onClick={props.back.run}>
        {props.back.words}
      </ActionButton>
    </main>
  );
}
