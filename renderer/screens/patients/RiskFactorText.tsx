// Freeform risk factor text ("allergic to penicillin and latex"): sent for parsing, then watched until matches arrive.
import { useEffect, useRef, useState } from 'react';
import type { RiskFactorType } from '../../../contract/service/patients.ts';
import { riskFactorTextBody } from '../../../contract/service/patients.ts';
import { useCommands } from '../../commands/command-store.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { SelectField, TextAreaField } from '../../forms/Field.tsx';
import { errorsFromIssues } from '../../forms/field-errors.ts';
import { useParseRiskFactorText } from '../../queries/patients.ts';
import { messageOf } from '../../queries/station.ts';
import { patientWords } from './wording.ts';

const words = patientWords.risks;

const textFieldOf: Record<RiskFactorType, 'allergies' | 'conditions' | 'medications'> = {
  allergy: 'allergies',
  condition: 'conditions',
  medication: 'medications',
};

const typeChoices = [
  { value: 'allergy', label: 'Allergies' },
  { value: 'condition', label: 'Conditions' },
  { value: 'medication', label: 'Medications' },
];

export function RiskFactorText(props: {
  patientId: string;
  defaultType: RiskFactorType;
  waitingFor: string | null;
  finished: { text: string; count: number; unsure: boolean } | null;
  onSent(text: string, textIds: string[] | null): void;
}) {
  const [text, setText] = useState('');
  const [type, setType] = useState<RiskFactorType>(props.defaultType);
  const [error, setError] = useState<string | undefined>();
  const send = useParseRiskFactorText(props.patientId);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const kind = type;
  // Looking at conditions, the next text is most likely conditions too.
  useEffect(() => setType(props.defaultType), [props.defaultType]);

  const submit = () => {
    if (send.isPending) return;
    const body = { [textFieldOf[kind]]: text };
    const parsed = riskFactorTextBody.safeParse(body);
    if (!parsed.success) {
      setError(Object.values(errorsFromIssues(parsed.error.issues))[0] ?? words.typeWhatWasSaid);
      fieldRef.current?.focus();
      return;
    }
    setError(undefined);
    send.mutate(parsed.data, {
      onSuccess: (accepted) => {
        props.onSent(text.trim(), accepted.risk_factor_text_ids ?? null);
        // The service has it now; the field is free for the next text.
        setText('');
      },
      onError: (refusal) => setError(messageOf(refusal)),
    });
  };

  useCommands([
    {
      id: 'risk.text',
      title: patientWords.addRiskText,
      group: 'Risk factors',
      shortcut: 'Alt+R',
      run: () => fieldRef.current?.focus(),
    },
    {
      id: 'risk.text.send',
      title: patientWords.sendRiskText,
      group: 'Risk factors',
      shortcut: 'Ctrl+Enter',
      enabled: text.trim() !== '' && !send.isPending,
      run: submit,
    },
  ]);

  return (
    <form
      className="risk-text"
      aria-labelledby="risk-text-title"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h3 id="risk-text-title">
        {patientWords.addRiskText}{' '}
        <span className="key-hint" aria-hidden="true">
          {words.keys.text}
        </span>
      </h3>
      <div className="risk-text-fields">
        <TextAreaField
          label={words.said}
          hint={words.saidHint}
          placeholder={words.saidExample}
          rows={2}
          maxLength={5000}
          value={text}
          onChange={(value) => {
            setText(value);
            setError(undefined);
          }}
          error={error}
          textAreaRef={fieldRef}
          onKeyDown={(event) => {
            // Escape would leave the patient: not while there is text here that has not been sent.
            if (event.key === 'Escape' && text.trim() !== '') event.preventDefault();
          }}
          className="risk-text-area"
        />
        <SelectField
          label={words.theseAre}
          choices={typeChoices}
          blank={false}
          value={type}
          onChange={(value) => setType(value as RiskFactorType)}
        />
      </div>
      <div className="row risk-text-actions">
        <ActionButton primary shortcut="Ctrl+Enter" onClick={submit} disabled={send.isPending}>
          {send.isPending ? words.sending : words.read}
        </ActionButton>
      </div>
      <p className="parse-status" role="status">
        {props.waitingFor ? (
          <>
            <span className="spinner" aria-hidden="true" />
            {words.readingText}
            {props.waitingFor}
            {words.intoMatches}
          </>
        ) : props.finished ? (
          props.finished.count > 0 ? (
            words.gave(props.finished.text, props.finished.count)
          ) : props.finished.unsure ? (
            words.notChecked(props.finished.text)
          ) : (
            words.gaveNone(props.finished.text)
          )
        ) : null}
      </p>
    </form>
  );
}
