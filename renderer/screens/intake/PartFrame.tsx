// One part of the intake: a fieldset with its legend and jump shortcut, what to send (left out, new, existing), and
// the refusals that no single field of it can carry.
import type { ReactNode } from 'react';
import { ariaShortcut } from '../../forms/ActionButton.tsx';
import { type Part, type PartMode, partTitles } from './draft.ts';
import { useIntakeStore } from './intake-store.ts';
import { editIntake, partElementId, usePlacedIssues } from './use-intake.ts';

export interface ModeChoice {
  mode: PartMode;
  label: string;
}

export const partShortcuts: Record<Part, string> = {
  patient: 'Alt+Shift+P',
  prescriber: 'Alt+Shift+R',
  order: 'Alt+Shift+O',
  prescription: 'Alt+Shift+E',
};

function ModeChoices({ part, choices }: { part: Part; choices: readonly ModeChoice[] }) {
  const mode = useIntakeStore((state) => state.draft[part].mode);
  const name = `intake-${part}-mode`;
  return (
    <div className="intake-modes" role="radiogroup" aria-label={`${partTitles[part]}: what to send`}>
      {choices.map((choice) => (
        <label key={choice.mode} className={`intake-mode${choice.mode === mode ? ' intake-mode-on' : ''}`}>
          <input
            type="radio"
            name={name}
            value={choice.mode}
            checked={choice.mode === mode}
            aria-keyshortcuts={choice.mode === mode ? ariaShortcut(partShortcuts[part]) : undefined}
            onChange={() =>
              editIntake(
                (draft) => {
                  (draft[part] as { mode: PartMode }).mode = choice.mode;
                },
                { part },
              )
            }
          />
          {choice.label}
        </label>
      ))}
    </div>
  );
}

export function PartFrame(props: {
  part: Part;
  number: number;
  choices: readonly ModeChoice[];
  /** A line under the choice saying what this part does. */
  hint: ReactNode;
  /** An offer shown with the part's refusal (use the record already on file). */
  offer?: ReactNode;
  children?: ReactNode;
}) {
  const placed = usePlacedIssues();
  const failure = useIntakeStore((state) => state.failure);
  const messages = placed.parts[props.part] ?? [];
  const hasIssues = useIntakeStore((state) => state.issues.some((issue) => issue.part === props.part));
  const failed = failure?.part === props.part || hasIssues;
  return (
    <fieldset id={partElementId(props.part)} className={`card intake-part${failed ? ' intake-part-failed' : ''}`}>
      <legend className="intake-legend">
        <span>
          {props.number}. {partTitles[props.part]}
        </span>
        {failed ? <span className="pill pill-bad">{failure?.kind === 'refused' ? 'Refused' : 'Check'}</span> : null}
      </legend>
      <div className="intake-part-head">
        <ModeChoices part={props.part} choices={props.choices} />
        <span className="key-hint" aria-hidden="true" title="Jump here">
          {partShortcuts[props.part]}
        </span>
      </div>
      <p className="muted intake-part-hint">{props.hint}</p>
      {messages.length > 0 ? (
        <div className="notice notice-bad intake-part-errors">
          {messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
      {props.offer}
      {props.children}
    </fieldset>
  );
}
