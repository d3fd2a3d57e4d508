// The scanner's prefix and suffix, for a site that programs its scanners to mark each code (an admin's, on the Settings
// screen): with them set, a scan is told from typing by its marks, whatever the speed of the computer.

import { type FormEvent, useId, useState } from 'react';
import { defaultSettings, settingsSchema } from '../../../contract/ipc/settings.ts';
import { useMachinePolicy } from '../../queries/machine-policy.ts';
import { useSaveSettings, useWorkstationSettings } from '../../queries/workstation-settings.ts';
import { SetByIt } from '../../widgets/SetByIt.tsx';
import { SettingOutcome } from '../../widgets/SettingOutcome.tsx';
import { stationSettingsWords } from './station-words.ts';

type Mark = 'scannerPrefix' | 'scannerSuffix';
const words: Record<Mark, string> = { scannerPrefix: 'Prefix', scannerSuffix: 'Suffix' };

/** Why `text` cannot be a mark, in the schema's words, or null ('' means none). */
function markProblem(field: Mark, text: string): string | null {
  if (text === '') return null;
  const parsed = settingsSchema.safeParse({ ...defaultSettings, [field]: text });
  return parsed.success
    ? null
    : `The ${words[field].toLowerCase()} ${parsed.error.issues[0]?.message ?? 'is not accepted'}.`;
}

export function ScannerMarksSetting() {
  const settings = useWorkstationSettings();
  const save = useSaveSettings();
  const id = useId();
  const [edits, setEdits] = useState<Partial<Record<Mark, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const value = (field: Mark) => edits[field] ?? settings.data?.[field] ?? '';
  const policy = useMachinePolicy().data;
  const locked = policy?.scannerMarks === true;

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const found =
      markProblem('scannerPrefix', value('scannerPrefix')) ?? markProblem('scannerSuffix', value('scannerSuffix'));
    setProblem(found);
    if (found) return;
    save.mutate(
      { scannerPrefix: value('scannerPrefix') || null, scannerSuffix: value('scannerSuffix') || null },
      {
        onSuccess: () => {
          setEdits({});
          setSaved(true);
        },
      },
    );
  }

  const field = (mark: Mark) => (
    <label className="field field-narrow">
      <span>{words[mark]}</span>
      <input
        value={value(mark)}
        maxLength={8}
        readOnly={locked}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setEdits((now) => ({ ...now, [mark]: event.target.value }))}
        aria-invalid={problem?.includes(words[mark].toLowerCase()) ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
      />
    </label>
  );

  return (
    <form className="settings-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="settings-heading">
        {stationSettingsWords.marks.title}
      </h2>
      <p className="muted">{stationSettingsWords.marks.about}</p>
      <div className="settings-line">
        {field('scannerPrefix')}
        {field('scannerSuffix')}
        {locked ? null : (
          <button type="submit" className="button" disabled={save.isPending}>
            {stationSettingsWords.marks.save}
          </button>
        )}
      </div>
      {locked ? <SetByIt file={policy.file} /> : null}
      <SettingOutcome
        id={id}
        problem={problem}
        saved={
          saved
            ? `Saved: ${
                settings.data?.scannerPrefix || settings.data?.scannerSuffix
                  ? 'scans are told by their marks.'
                  : 'scans are told by the speed of the keys.'
              }`
            : null
        }
        failure={save.isError ? save.error : null}
      />
    </form>
  );
}
