// One part of the intake: a fieldset with its legend and jump shortcut, what to send (left out, new, existing), and
// the refusals that no single field of it can carry.
import type { ReactNode } from 'react';
import { ActionButton, ariaShortcut } from '../../forms/ActionButton.tsx';
import { type Part, type PartMode, partTitles } from './draft.ts';
import { useIntakeStore } from './intake-store.ts';
import { ReferenceField } from './ReferenceField.tsx';
import { editIntake, partElementId, usePlacedIssues } from './use-intake.ts';
import { intakeWords, type ModeChoice, offerWords, partWords } from './wording.ts';

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
    <div className="intake-modes" role="radiogroup" aria-label={intakeWords.whatToSend(partTitles[part])}>
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

/** After a refusal because the patient or prescriber is already on file: the offer to send that one instead. */
function ExistingOffer({ part }: { part: 'patient' | 'prescriber' }) {
  const offer = useIntakeStore((state) => (state.failure?.offer?.part === part ? state.failure.offer : null));
  if (!offer) return null;
  const use = () =>
    editIntake(
      (draft) => {
        Object.assign(draft[part], { mode: 'existing', refKey: 'id', ref: offer.id });
      },
      { part },
    );
  return (
    <div className="notice notice-warn intake-offer">
      <p>{offerWords[part].text}</p>
      <ActionButton onClick={use}>{offerWords[part].use}</ActionButton>
    </div>
  );
}

/**
 * One part: the choice of what to send, then the fields for a new record, or (patient, prescriber) the key naming one
 * on file with `lookup` saying who it names.
 */
export function PartFrame(props: { part: Part; fresh: ReactNode; lookup?: ReactNode }) {
  const { part } = props;
  const words = partWords[part];
  const mode = useIntakeStore((state) => state.draft[part].mode);
  const placed = usePlacedIssues();
  const failure = useIntakeStore((state) => state.failure);
  const messages = placed.parts[props.part] ?? [];
  const hasIssues = useIntakeStore((state) => state.issues.some((issue) => issue.part === props.part));
  const failed = failure?.part === props.part || hasIssues;
  return (
    <fieldset id={partElementId(props.part)} className={`card intake-part${failed ? ' intake-part-failed' : ''}`}>
      <legend className="intake-legend">
        <span>
          {words.number}. {partTitles[props.part]}
        </span>
        {failed ? (
          <span className="pill pill-bad">{failure?.kind === 'refused' ? intakeWords.refused : intakeWords.check}</span>
        ) : null}
      </legend>
      <div className="intake-part-head">
        <ModeChoices part={props.part} choices={words.choices} />
        <span className="key-hint" aria-hidden="true" title={intakeWords.jumpHere}>
          {partShortcuts[props.part]}
        </span>
      </div>
      <p className="muted intake-part-hint">{words.hint}</p>
      {messages.length > 0 ? (
        <div className="notice notice-bad intake-part-errors">
          {messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
      {part === 'patient' || part === 'prescriber' ? <ExistingOffer part={part} /> : null}
      {mode === 'existing' && (part === 'patient' || part === 'prescriber') && words.keyChoices ? (
        <ReferenceField part={part} keyChoices={words.keyChoices} lookup={props.lookup} />
      ) : null}
      {mode === 'new' ? props.fresh : null}
    </fieldset>
  );
}
