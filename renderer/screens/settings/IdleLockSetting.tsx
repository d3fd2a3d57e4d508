// The idle lock's minutes as a small form (in the signed-in station's dialog), checked by the settings schema and by
// who may change it (rules/settings-access.ts: anyone shortens, an admin lengthens) before it is sent; main
// checks both again. The lock applies the new minutes at once.

import { type FormEvent, useId, useState } from 'react';
import { settingAccess } from '../../../rules/settings-access.ts';
import { useMachinePolicy } from '../../queries/machine-policy.ts';
import { useSession } from '../../queries/session.ts';
import { useSaveSettings, useWorkstationSettings } from '../../queries/workstation-settings.ts';
import { SetByIt } from '../../widgets/SetByIt.tsx';
import { SettingOutcome } from '../../widgets/SettingOutcome.tsx';
import { describeIdleMinutes, idleMinutesProblem } from './idle-minutes.ts';
import { stationSettingsWords } from './station-words.ts';

const words = stationSettingsWords.idle;

export function IdleLockSetting({ onSaved, autoFocus = false }: { onSaved?: () => void; autoFocus?: boolean }) {
  const settings = useWorkstationSettings();
  const session = useSession().data;
  const access = session ? settingAccess(session, 'idleLockMinutes') : 'none';
  const save = useSaveSettings();
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [savedMinutes, setSavedMinutes] = useState<number | null>(null);
  const current = settings.data?.idleLockMinutes;
  const policy = useMachinePolicy().data;
  const longest = policy?.maxIdleLockMinutes ?? 240;
  const value = text ?? (current === undefined ? '' : String(current));

  function submit(event: FormEvent) {
    event.preventDefault();
    const longer = access === 'shorten' && current !== undefined && Number(value) > current;
    const found =
      idleMinutesProblem(value) ??
      (Number(value) > longest ? `Choose ${longest} minutes or fewer: your pharmacy's IT allows no longer.` : null) ??
      (longer ? `Only an admin may lengthen the idle lock: choose ${current} minutes or fewer.` : null);
    setProblem(found);
    setSavedMinutes(null);
    if (found) return;
    const minutes = Number(value);
    save.mutate(
      { idleLockMinutes: minutes },
      {
        onSuccess: () => {
          setText(null);
          setSavedMinutes(minutes);
          onSaved?.();
        },
      },
    );
  }

  return (
    <form className="settings-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="settings-heading">
        {words.title}
      </h2>
      <p className="muted">
        {current === undefined
          ? 'The station locks when nobody uses it for a while (1 to 240 minutes).'
          : `The station locks ${describeIdleMinutes(current)} and asks for the password again; the screen stays as it was. ${
              access === 'shorten'
                ? `You may shorten it (1 to ${Math.min(current, longest)} minutes); only an admin may lengthen it.`
                : `Choose 1 to ${longest} minutes.`
            }`}
      </p>
      <div className="settings-line">
        <label className="field field-narrow">
          <span>{words.minutes}</span>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={longest}
            // biome-ignore lint/a11y/noAutofocus: opened on purpose from the palette to type the minutes.
            autoFocus={autoFocus}
            value={value}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-error` : undefined}
          />
        </label>
        <button type="submit" className="button" disabled={save.isPending || access === 'none'}>
          {words.save}
        </button>
      </div>
      {policy?.maxIdleLockMinutes ? (
        <SetByIt file={policy.file} detail={`${policy.maxIdleLockMinutes} minutes at most`} />
      ) : null}
      <SettingOutcome
        id={id}
        problem={problem}
        saved={savedMinutes !== null ? `Saved: the station now locks ${describeIdleMinutes(savedMinutes)}.` : null}
        failure={save.isError ? save.error : null}
      />
    </form>
  );
}
