// One card of the prescription review (patient, prescriber): its heading with the button that opens the record beside
// it, then its facts; or, when the prescription names no such record, the heading and the words saying so.
import type { ReactNode } from 'react';

export function ReviewCard(props: { titleId: string; heading: ReactNode; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="card rx-section" aria-labelledby={props.titleId}>
      <div className="rx-section-head">
        <h2 id={props.titleId}>{props.heading}</h2>
        {props.action}
      </div>
      {props.children}
    </section>
  );
}

export function NoRecordCard(props: { titleId: string; heading: string; text: string }) {
  return (
    <section className="card rx-section" aria-labelledby={props.titleId}>
      <h2 id={props.titleId}>{props.heading}</h2>
      <p className="muted">{props.text}</p>
    </section>
  );
}
