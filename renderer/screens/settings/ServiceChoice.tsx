// Which service the station signs in to: Training (on this computer, with demo accounts) or the pharmacy's own service
// at an https:// address. Only an admin may choose a custom address (anyone may go back to Training); the choice applies
// at the next sign-in, and a custom service is confirmed on the sign-in screen before a password goes to it.
import { type FormEvent, useState } from 'react';
import { useConnectivity } from '../../queries/connectivity.ts';
import { useMachinePolicy } from '../../queries/machine-policy.ts';
import { type AppInfo, useSession } from '../../queries/session.ts';
import { messageOf } from '../../queries/station.ts';
import { useSaveSettings, useWorkstationSettings } from '../../queries/workstation-settings.ts';
import { SetByIt } from '../../widgets/SetByIt.tsx';
import { awaitsSwitch, type Backend, customUrlProblem, type ServiceRef, serviceName } from './service-choice.ts';
import { stationSettingsWords } from './station-words.ts';

const words = stationSettingsWords.choice;

/** The two services a station may sign in to, each with what it means. */
const choices: readonly { value: Backend; name: string; note: string }[] = [
  { value: 'training', name: words.training, note: words.trainingNote },
  { value: 'custom', name: words.custom, note: words.customNote },
];

export function ServiceChoice({ autoFocus = false }: { info: AppInfo; autoFocus?: boolean }) {
  const signedIn = useSession().data?.status === 'signed_in';
  const settings = useWorkstationSettings();
  const connectivity = useConnectivity();
  const save = useSaveSettings();
  const [choice, setChoice] = useState<Backend | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [justSaved, setJustSaved] = useState(false);
  const policy = useMachinePolicy().data;

  const saved: ServiceRef | null = settings.data
    ? { backend: settings.data.backend, baseUrl: settings.data.baseUrl }
    : null;
  const running: ServiceRef | null = connectivity.data
    ? { backend: connectivity.data.backend, baseUrl: connectivity.data.baseUrl }
    : null;
  const backend = choice ?? saved?.backend ?? 'training';
  const urlText = url ?? saved?.baseUrl ?? '';
  const pending = saved !== null && running !== null && awaitsSwitch(saved, running);

  function submit(event: FormEvent) {
    event.preventDefault();
    setJustSaved(false);
    const found = backend === 'custom' ? customUrlProblem(urlText) : null;
    setProblem(found);
    if (found) return;
    const patch = backend === 'custom' ? { backend, baseUrl: urlText.trim() } : { backend };
    save.mutate(patch, {
      onSuccess: () => {
        setChoice(null);
        setUrl(null);
        setJustSaved(true);
      },
    });
  }

  if (policy?.serviceUrl) {
    return (
      <section className="settings-form" aria-labelledby="service-title">
        <h2 id="service-title" className="settings-heading">
          {words.title}
        </h2>
        <p className="muted">{words.setByIt(policy.serviceUrl)}</p>
        <SetByIt file={policy.file} />
      </section>
    );
  }
  return (
    <form className="settings-form" onSubmit={submit} noValidate aria-labelledby="service-title">
      <h2 id="service-title" className="settings-heading">
        {words.title}
      </h2>
      <p className="muted">{words.using(running ? serviceName(running) : words.configured)}</p>
      <p className="muted">{words.whoChooses}</p>
      <fieldset className="choice-group">
        <legend>{words.signInTo}</legend>
        {choices.map(({ value, name, note }) => (
          <label key={value} className="choice">
            <input
              type="radio"
              name="backend"
              value={value}
              checked={backend === value}
              // biome-ignore lint/a11y/noAutofocus: opened on purpose ("Switch service") to choose here.
              autoFocus={autoFocus && backend === value}
              onChange={() => setChoice(value)}
            />
            <span>
              <strong>{name}</strong>
              <span className="choice-note">{note}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {backend === 'custom' ? (
        <label className="field">
          <span>{words.address}</span>
          <input
            type="url"
            name="baseUrl"
            inputMode="url"
            placeholder={words.addressExample}
            spellCheck={false}
            autoComplete="url"
            value={urlText}
            onChange={(event) => setUrl(event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'service-url-error' : undefined}
          />
          {problem ? (
            <span className="field-error" id="service-url-error">
              {problem}
            </span>
          ) : null}
        </label>
      ) : null}
      <div className="settings-line">
        <button type="submit" className="button" disabled={save.isPending}>
          {words.save}
        </button>
      </div>
      {pending && saved && running ? (
        <div className="notice notice-warn" role="status">
          <strong>{words.saved}</strong> {words.applies(serviceName(saved), serviceName(running), signedIn)}
        </div>
      ) : justSaved ? (
        <p className="settings-saved" role="status">
          {words.inUse}
        </p>
      ) : null}
      {save.isError ? (
        <div className="notice notice-bad" role="alert">
          {messageOf(save.error)}
        </div>
      ) : null}
    </form>
  );
}
