// The intake form: four optional parts, checked before sending, sent all or nothing, and never emptied by a refusal.
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { type Command, useCommands } from '../../commands/command-store.ts';
import { ariaShortcut } from '../../forms/ActionButton.tsx';
import { ActionBar, CLEAR_SHORTCUT, SEND_SHORTCUT } from './ActionBar.tsx';
import { ClearDialog } from './ClearDialog.tsx';
import { hasInput, parts, partTitles } from './draft.ts';
import { FailureSummary } from './FailureSummary.tsx';
import { useIntakeStore } from './intake-store.ts';
import { ADD_MEDICATION_SHORTCUT, addMedication } from './MedicationFields.tsx';
import { ADD_LINE_SHORTCUT, addOrderLine } from './OrderLines.tsx';
import { OrderSection } from './OrderSection.tsx';
import { partShortcuts } from './PartFrame.tsx';
import { PatientSection } from './PatientSection.tsx';
import { PrescriberSection } from './PrescriberSection.tsx';
import { PrescriptionSection } from './PrescriptionSection.tsx';
import { submitIntake } from './submit.ts';
import { jumpToPart, partElementId } from './use-intake.ts';
import { intakeWords } from './wording.ts';

/** After a refusal the cursor goes to the first field to fix in the failing part, else to the summary. */
function useFocusOnFailure(summary: RefObject<HTMLDivElement | null>) {
  const failure = useIntakeStore((state) => state.failure);
  useEffect(() => {
    if (!failure) return;
    const scope = failure.part ? document.getElementById(partElementId(failure.part)) : null;
    const field =
      scope?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      document.querySelector<HTMLElement>('.intake [aria-invalid="true"]');
    if (field) {
      field.focus();
      field.scrollIntoView({ block: 'center' });
    } else {
      summary.current?.focus();
    }
  }, [failure, summary]);
}

export function IntakeForm() {
  const queryClient = useQueryClient();
  const sending = useIntakeStore((state) => state.sending);
  const orderOpen = useIntakeStore((state) => state.draft.order.mode === 'new');
  const prescriptionOpen = useIntakeStore((state) => state.draft.prescription.mode === 'new');
  const [asking, setAsking] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  useFocusOnFailure(summary);

  const send = () => void submitIntake(queryClient);
  const askClear = () => {
    if (hasInput(useIntakeStore.getState().draft)) setAsking(true);
    else useIntakeStore.getState().clear();
  };
  const commands: Command[] = [
    {
      id: 'intake.send',
      title: intakeWords.send,
      group: 'Intake',
      shortcut: SEND_SHORTCUT,
      enabled: !sending,
      run: send,
    },
    { id: 'intake.clear', title: intakeWords.clear, group: 'Intake', shortcut: CLEAR_SHORTCUT, run: askClear },
    ...parts.map((part) => ({
      id: `intake.jump.${part}`,
      title: `Go to the ${partTitles[part].toLowerCase()} part`,
      group: 'Intake',
      shortcut: partShortcuts[part],
      run: () => jumpToPart(part),
    })),
    {
      id: 'intake.addLine',
      title: intakeWords.addLine,
      group: 'Intake',
      shortcut: ADD_LINE_SHORTCUT,
      enabled: orderOpen,
      run: addOrderLine,
    },
    {
      id: 'intake.addMedication',
      title: intakeWords.addMedication,
      group: 'Intake',
      shortcut: ADD_MEDICATION_SHORTCUT,
      enabled: prescriptionOpen,
      run: addMedication,
    },
  ];
  useCommands(commands);

  return (
    <main className="screen records intake" aria-labelledby="intake-title">
      <header className="records-head">
        <div>
          <h1 id="intake-title">{intakeWords.title}</h1>
          <p className="muted">{intakeWords.intro}</p>
        </div>
        <nav className="intake-jumps" aria-label={intakeWords.partsNav}>
          {parts.map((part) => (
            <button
              key={part}
              type="button"
              className="button button-small action-button"
              aria-keyshortcuts={ariaShortcut(partShortcuts[part])}
              onClick={() => jumpToPart(part)}
            >
              {partTitles[part]}
              <span className="key-hint" aria-hidden="true">
                {partShortcuts[part]}
              </span>
            </button>
          ))}
        </nav>
      </header>
      <FailureSummary summaryRef={summary} />
      <form
        className="records-form intake-form"
        aria-labelledby="intake-title"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <PatientSection />
        <PrescriberSection />
        <OrderSection />
        <PrescriptionSection />
        <ActionBar onSend={send} onClear={askClear} />
      </form>
      {asking ? (
        <ClearDialog
          onClear={() => {
            useIntakeStore.getState().clear();
            setAsking(false);
          }}
          onKeep={() => setAsking(false)}
        />
      ) : null}
    </main>
  );
}
