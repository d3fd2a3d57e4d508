// The event listener's port (an admin's): where "choose another port in Settings" leads. Main refuses it from anyone
// else and applies it when the station starts again; the form says so, and which port is in use now.
import { type FormEvent, useId, useState } from 'react';
import { useConnectivity } from '../../queries/connectivity.ts';
import { useSaveSettings, useWorkstationSettings } from '../../queries/workstation-settings.ts';
import { SettingOutcome } from '../../widgets/SettingOutcome.tsx';
import { stationSettingsWords } from './station-words.ts';

const words = stationSettingsWords.port;

export function ListenerPortSetting() {
  const settings = useWorkstationSettings();
  const save = useSaveSettings();
  const id = useId();
  const listener = useConnectivity().data?.listener ?? null;
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<number | null>(null);
  const value = text ?? String(settings.data?.listenerPort ?? '');

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(null);
    const port = Number(value);
    const found = /^\d+$/.test(value.trim()) && port >= 1024 && port <= 65535 ? null : words.problem;
    setProblem(found);
    if (found) return;
    save.mutate(
      { listenerPort: port },
      {
        onSuccess: () => {
          setText(null);
          setSaved(port);
        },
      },
    );
  }

  return (
    <section className="card settings-card" aria-labelledby={`${id}-title`}>
      <form className="settings-form" onSubmit={submit} noValidate>
        <h2 id={`${id}-title`} className="settings-heading">
          {words.title}
        </h2>
        <p className="muted">{words.about}</p>
        {listener?.state === 'failed' && listener.message ? (
          <p className="notice notice-warn">{listener.message}</p>
        ) : null}
        <div className="settings-line">
          <label className="field field-narrow">
            <span>{words.label}</span>
            <input
              inputMode="numeric"
              value={value}
              onChange={(event) => setText(event.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-error` : undefined}
            />
          </label>
          <button type="submit" className="button" disabled={save.isPending}>
            {words.save}
          </button>
        </div>
        <SettingOutcome
          id={id}
          problem={problem}
          saved={saved === null ? null : words.saved(saved)}
          failure={save.isError ? save.error : null}
        />
      </form>
    </section>
  );
}
