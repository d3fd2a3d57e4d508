// Which service the station signs in to: Training (on this computer, with demo accounts) or the pharmacy's own service
// at an https:// address. The station wires its service when it starts, so a new choice waits for a restart: it says so.
import { type FormEvent, useState } from 'react';
import { useConnectivity } from '../queries/connectivity.ts';
import type { AppInfo } from '../queries/session.ts';
import { messageOf } from '../queries/station.ts';
import {
  awaitsRestart,
  type Backend,
  customUrlProblem,
  restartHow,
  type ServiceRef,
  serviceName,
} from './service-choice.ts';
import { useSaveSettings, useStationSettings } from './station-settings.ts';

export function ServiceChoice({ info, autoFocus = false }: { info: AppInfo; autoFocus?: boolean }) {
  const settings = useStationSettings();
  const connectivity = useConnectivity();
  const save = useSaveSettings();
  const [choice, setChoice] = useState<Backend | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [justSaved, setJustSaved] = useState(false);

  const saved: ServiceRef | null = settings.data
    ? { backend: settings.data.backend, baseUrl: settings.data.baseUrl }
    : null;
  const running: ServiceRef | null = connectivity.data
    ? { backend: connectivity.data.backend, baseUrl: connectivity.data.baseUrl }
    : null;
  const backend = choice ?? saved?.backend ?? 'training';
  const urlText = url ?? saved?.baseUrl ?? '';
  const restartNeeded = saved !== null && running !== null && awaitsRestart(saved, running);

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

  return (
    <form className="settings-form" onSubmit={submit} noValidate aria-labelledby="service-title">
      <h2 id="service-title" className="settings-heading">
        Service
      </h2>
      <p className="muted">This station is using {running ? serviceName(running) : 'its configured service'} now.</p>
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
      {restartNeeded && saved && running ? (
        <div className="notice notice-warn" role="status">
          <strong>Restart needed.</strong> The station will use {serviceName(saved)} after it restarts; until then it
          keeps using {serviceName(running)}. {restartHow(info.shell)}
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
