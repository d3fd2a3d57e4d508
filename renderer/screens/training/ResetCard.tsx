// Resetting the demo data: a seed and a size, then a confirmation, because it wipes every piece of practice work.
import { useState } from 'react';
import { useCommands } from '../../commands/command-store.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { TextField } from '../../forms/Field.tsx';
import { messageOf } from '../../queries/station.ts';
import { useResetTraining } from '../../queries/training.ts';
import { SetupCard, SubmitForm } from '../../setup/SetupCard.tsx';
import { ResetDialog } from './ResetDialog.tsx';
import { parseReset, type ResetValues } from './simulation-words.ts';
import { trainingWords } from './wording.ts';

export const RESET_SHORTCUT = 'Alt+R';

export function ResetCard({ seed, mayControl }: { seed: number | null; mayControl: boolean }) {
  const reset = useResetTraining();
  const [typed, setTyped] = useState<Partial<ResetValues>>({});
  const [errors, setErrors] = useState<Partial<Record<keyof ResetValues, string>>>({});
  const [asking, setAsking] = useState<{ seed: number; orders: number } | null>(null);
  const values: ResetValues = { seed: typed.seed ?? String(seed ?? 1), orders: typed.orders ?? '200' };

  const ask = () => {
    if (reset.isPending || !mayControl) return;
    const parsed = parseReset(values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    setAsking(parsed.body);
  };
  const confirm = () => {
    if (!asking) return;
    reset.mutate(asking, { onSettled: () => setAsking(null) });
  };
  useCommands([
    {
      id: 'training.reset',
      title: trainingWords.reset.command,
      group: trainingWords.group,
      shortcut: RESET_SHORTCUT,
      enabled: mayControl,
      run: ask,
    },
  ]);
  const set = (key: keyof ResetValues, value: string) => {
    setTyped((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const result = reset.data;

  return (
    <SetupCard titleId="training-reset-title" title={trainingWords.reset.title} explain={trainingWords.reset.explain}>
      <SubmitForm className="sim-form" labelledBy="training-reset-title" onSubmit={ask}>
        <div className="sim-row">
          <TextField
            label={trainingWords.reset.seed}
            value={values.seed}
            inputMode="numeric"
            onChange={(v) => set('seed', v)}
            error={errors.seed}
          />
          <TextField
            label={trainingWords.reset.orders}
            value={values.orders}
            inputMode="numeric"
            onChange={(v) => set('orders', v)}
            error={errors.orders}
          />
        </div>
        <div className="settings-actions">
          <ActionButton
            shortcut={RESET_SHORTCUT}
            onClick={ask}
            disabled={reset.isPending || !mayControl}
            className="button-danger"
          >
            {trainingWords.reset.button}
          </ActionButton>
        </div>
      </SubmitForm>
      {result ? (
        <p className="notice notice-good" role="status">
          {trainingWords.reset.rebuilt(result.seed, result.orders, result.patients, result.prescribers)}
        </p>
      ) : null}
      {reset.isError ? (
        <p className="notice notice-bad" role="alert">
          {trainingWords.reset.notReset(messageOf(reset.error))}
        </p>
      ) : null}
      {asking ? (
        <ResetDialog
          seed={asking.seed}
          orders={asking.orders}
          resetting={reset.isPending}
          onConfirm={confirm}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </SetupCard>
  );
}
