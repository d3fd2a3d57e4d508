// The pieces the setup pages (notification settings, training controls) build their cards from: a titled card with a
// short explanation, and a form that Enter submits without a page load (the station checks the values itself).
import type { ReactNode } from 'react';
import './setup.css';

export function SetupCard(props: { titleId: string; title: string; explain?: ReactNode; children: ReactNode }) {
  return (
    <section className="card settings-card" aria-labelledby={props.titleId}>
      <h2 id={props.titleId}>{props.title}</h2>
      {props.explain ? <p className="muted settings-explain">{props.explain}</p> : null}
      {props.children}
    </section>
  );
}

/** `label` names the form for a screen reader; `labelledBy` points at a heading that does. */
export function SubmitForm(props: {
  className: string;
  label?: string;
  labelledBy?: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className={props.className}
      aria-label={props.label}
      aria-labelledby={props.labelledBy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      {props.children}
    </form>
  );
}
