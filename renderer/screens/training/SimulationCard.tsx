// The simulation's controls: the clock, pause or run, the speed, and a step forward that runs everything due.
import { type ReactNode, useState } from 'react';
import { useCommands } from '../../commands/command-store.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { TextField } from '../../forms/Field.tsx';
import { messageOf } from '../../queries/station.ts';
import { useStepSimulation, useUpdateSimulation } from '../../queries/training.ts';
import { SubmitForm } from '../../setup/SetupCard.tsx';
import { SimulationClock } from './SimulationClock.tsx';
import { durationWords, parseSpeed, parseStepMinutes, SPEED_PRESETS, stepSummaryWords } from './simulation-words.ts';
import type { LiveClock } from './use-live-clock.ts';
import { trainingWords } from './wording.ts';

export const RUN_SHORTCUT = 'Alt+P';
export const SPEED_SHORTCUT = 'Alt+E';
export const STEP_SHORTCUT = 'Alt+S';

/** One number to type and submit (Enter or the form's button), with the field's error under it. */
function NumberForm(props: {
  className: string;
  label: string;
  onSubmit: () => void;
  fieldLabel: string;
  value: string;
  error: string | null;
  onType: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <SubmitForm className={props.className} label={props.label} onSubmit={props.onSubmit}>
      <TextField
        label={props.fieldLabel}
        value={props.value}
        inputMode="numeric"
        onChange={props.onType}
        error={props.error ?? undefined}
      />
      {props.children}
    </SubmitForm>
  );
}

export function SimulationCard({ clock, mayControl }: { clock: LiveClock; mayControl: boolean }) {
  const { state, nowMs } = clock;
  const update = useUpdateSimulation();
  const step = useStepSimulation();
  const [speedText, setSpeedText] = useState<string | null>(null);
  const [minutesText, setMinutesText] = useState('60');
  const [speedError, setSpeedError] = useState<string | null>(null);
  const [stepError, setStepError] = useState<string | null>(null);
  const speedValue = speedText ?? (state ? String(state.speed) : '');
  const busy = update.isPending || step.isPending;

  const toggle = () => {
    if (!state || busy) return;
    step.reset();
    update.mutate({ running: !state.running });
  };
  const setSpeed = (text = speedValue) => {
    if (busy) return;
    const parsed = parseSpeed(text);
    if (!parsed.ok) {
      setSpeedError(parsed.error);
      return;
    }
    setSpeedError(null);
    step.reset();
    update.mutate({ speed: parsed.value }, { onSuccess: () => setSpeedText(null) });
  };
  const stepForward = () => {
    if (busy) return;
    const parsed = parseStepMinutes(minutesText);
    if (!parsed.ok) {
      setStepError(parsed.error);
      return;
    }
    setStepError(null);
    update.reset();
    step.mutate({ minutes: parsed.value });
  };
  const runWords = state?.running ? trainingWords.simulation.pause : trainingWords.simulation.run;
  useCommands([
    {
      id: 'training.run',
      title: runWords,
      group: trainingWords.group,
      shortcut: RUN_SHORTCUT,
      enabled: mayControl,
      run: toggle,
    },
    {
      id: 'training.speed',
      title: trainingWords.simulation.setSpeedCommand,
      group: trainingWords.group,
      shortcut: SPEED_SHORTCUT,
      enabled: mayControl,
      run: () => setSpeed(),
    },
    {
      id: 'training.step',
      title: trainingWords.simulation.stepCommand,
      group: trainingWords.group,
      shortcut: STEP_SHORTCUT,
      enabled: mayControl,
      run: stepForward,
    },
  ]);
  const refusal = update.error ?? step.error;

  return (
    <section className="card settings-card" aria-labelledby="training-sim-title">
      <h2 id="training-sim-title">{trainingWords.simulation.title}</h2>
      {state && nowMs !== null ? (
        <SimulationClock state={state} nowMs={nowMs} />
      ) : (
        <p className="muted">{trainingWords.simulation.readingClock}</p>
      )}
      <div className="settings-actions">
        <ActionButton primary shortcut={RUN_SHORTCUT} onClick={toggle} disabled={!state || busy || !mayControl}>
          {state?.running ? trainingWords.simulation.pauseButton : trainingWords.simulation.runButton}
        </ActionButton>
      </div>
      <NumberForm
        className="sim-form"
        label={trainingWords.simulation.speedForm}
        onSubmit={() => setSpeed()}
        fieldLabel="Speed (simulated seconds a real second)"
        value={speedValue}
        error={speedError}
        onType={(value) => {
          setSpeedText(value);
          setSpeedError(null);
        }}
      >
        <div className="sim-buttons">
          <fieldset className="sim-presets">
            <legend className="sr-only">{trainingWords.simulation.commonSpeeds}</legend>
            {SPEED_PRESETS.map((preset) => (
              <button
                key={preset}
                type="button"
                className="button button-small"
                aria-pressed={state?.speed === preset}
                disabled={busy || !mayControl}
                onClick={() => setSpeed(String(preset))}
              >
                {trainingWords.simulation.preset(preset)}
              </button>
            ))}
          </fieldset>
          <ActionButton shortcut={SPEED_SHORTCUT} onClick={() => setSpeed()} disabled={busy || !mayControl}>
            {trainingWords.simulation.setSpeed}
          </ActionButton>
        </div>
      </NumberForm>
      <NumberForm
        className="sim-row"
        label={trainingWords.simulation.stepForm}
        onSubmit={stepForward}
        fieldLabel="Step forward (minutes)"
        value={minutesText}
        error={stepError}
        onType={(value) => {
          setMinutesText(value);
          setStepError(null);
        }}
      >
        <ActionButton
          shortcut={STEP_SHORTCUT}
          onClick={stepForward}
          disabled={busy || !mayControl}
          className="sim-inline-button"
        >
          {step.isPending ? trainingWords.simulation.stepping : trainingWords.simulation.stepButton}
        </ActionButton>
      </NumberForm>
      <p className="muted settings-explain">{trainingWords.simulation.explain}</p>
      {step.data ? (
        <p className="notice notice-good" role="status">
          {trainingWords.simulation.stepped(step.variables?.minutes ? durationWords(step.variables.minutes) : null)}{' '}
          {stepSummaryWords(step.data.summary)}
        </p>
      ) : null}
      {refusal ? (
        <p className="notice notice-bad" role="alert">
          {messageOf(refusal)}
        </p>
      ) : null}
    </section>
  );
}
