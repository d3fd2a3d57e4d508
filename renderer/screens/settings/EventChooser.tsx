// Which events a subscription covers: every event (`all`, including any added later), or some, ticked one by one.
import { useId } from 'react';
import { deliverableEventCodes } from '../../../contract/service/notifications.ts';
import { type DeliverableCode, type EventChoice, toggleCode } from './event-codes.ts';
import { settingsWords } from './wording.ts';

export function EventChooser(props: {
  legend: string;
  choice: EventChoice;
  names: ReadonlyMap<string, string>;
  onChange(choice: EventChoice): void;
  error?: string | undefined;
}) {
  const id = useId();
  const { choice } = props;
  const errorId = `${id}-error`;
  return (
    <fieldset
      className="event-chooser"
      aria-describedby={props.error ? errorId : undefined}
      aria-invalid={props.error ? true : undefined}
    >
      <legend>{props.legend}</legend>
      <label className="event-choice event-choice-all">
        <input
          type="checkbox"
          checked={choice.all}
          onChange={(event) => props.onChange({ ...choice, all: event.target.checked })}
        />
        <span>
          {settingsWords.chooser.every} <span className="muted">{settingsWords.chooser.everyNote}</span>
        </span>
      </label>
      {deliverableEventCodes.map((code: DeliverableCode) => (
        <label key={code} className="event-choice">
          <input
            type="checkbox"
            checked={choice.all || choice.codes.includes(code)}
            disabled={choice.all}
            onChange={(event) => props.onChange(toggleCode(choice, code, event.target.checked))}
          />
          <span>
            {props.names.get(code) ?? code} <code>{code}</code>
          </span>
        </label>
      ))}
      {props.error ? (
        <span id={errorId} className="field-error">
          {props.error}
        </span>
      ) : null}
    </fieldset>
  );
}
