// Which service the station signs in to: Training (on this computer, with demo accounts) or the pharmacy's own service
// at an https:// address. Only an admin may choose a custom address (anyone may go back to Training); the choice applies
// at the next sign-in, and a custom service is confirmed on the sign-in screen before a password goes to it.
import { type FormEvent, useState } from 'react';
import { useConnectivity } from '../queries/connectivity.ts';
import { useMachinePolicy } from '../queries/machine-policy.ts';
import { type AppInfo, useSession } from '../queries/session.ts';
import { messageOf } from '../queries/station.ts';
import { useSaveSettings, useWorkstationSettings } from '../queries/workstation-settings.ts';
import { SetByIt } from '../widgets/SetByIt.tsx';
import { awaitsSwitch, type Backend, customUrlProblem, type ServiceRef, serviceName } from './service-choice.ts';

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
          Service
        </h2>
        <p className="muted">This station signs in to your pharmacy’s service at {policy.serviceUrl}.</p>
        <SetByIt file={policy.file} />
      </section>
    );
  }
  return (
    <form className="settings-form" onSubmit={submit} noValidate aria-labelledby="service-title">
      <h2 id="service-title" className="settings-heading">
        Service
      </h2>
      <p className="muted">This station is using {running ? serviceName(running) : 'its configured service'} now.</p>
      <p className="muted">
        Only an admin may choose your pharmacy’s service or change its address; anyone may go back to Training.
      </p>
      <fieldset className="choice-group">
        <legend>Sign in to</legend>
        <label className="choice">
          <input
            type="radio"
            name="backend"
            value="training"
            checked={backend === 'training'}
            // biome-ignore lint/a11y/noAutofocus: opened on purpose ("Switch service") to choose here.
            autoFocus={autoFocus && backend === 'training'}
            onChange={() => setChoice('training')}
          />
          <span>
            <strong>Training</strong>
            <span className="choice-note">Practice data on this computer, with demo accounts.</span>
          </span>
        </label>
        <label className="choice">
          <input
            type="radio"
            name="backend"
            value="custom"
            checked={backend === 'custom'}
            // biome-ignore lint/a11y/noAutofocus: opened on purpose ("Switch service") to choose here.
            autoFocus={autoFocus && backend === 'custom'}
            onChange={() => setChoice('custom')}
          />
          <span>
            <strong>Your pharmacy’s service</strong>
            <span className="choice-note">The fulfillment service at its https:// address.</span>
          </span>
        </label>
      </fieldset>
      {backend === 'custom' ? (
        <label className="field">
          <span>Service address</span>
          <input
            type="url"
            name="baseUrl"
            inputMode="url"
            placeholder="https://service.example"
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
          Save service
        </button>
      </div>
      {pending && saved && running ? (
        <div className="notice notice-warn" role="status">
          <strong>Saved.</strong> The station will use {serviceName(saved)} from the next sign-in
          {signedIn ? '; sign out to switch' : ' (once the task writes waiting for the current service are sent)'}.
          Until then it keeps using {serviceName(running)}.
        </div>
      ) : justSaved ? (
        <p className="settings-saved" role="status">
          Saved: this is the service the station uses now.
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
