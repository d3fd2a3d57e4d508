// A record screen's head: its title (with what is under it) on the left, its actions on the right.
import type { ReactNode } from 'react';

export function RecordHead(props: { titleId: string; title: ReactNode; below?: ReactNode; actions: ReactNode }) {
  return (
    <header className="records-head">
      <div>
        <h1 id={props.titleId}>{props.title}</h1>
        {props.below}
      </div>
      {props.actions}
    </header>
  );
}
