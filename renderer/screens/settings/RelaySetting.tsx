// The pharmacy's events relay (issue 25, an admin's): its NATS servers, this station's id and name, applied when the
// station starts again; the station's password goes to the keychain through pharmacy:relayPassword and is never read
// back (main refuses it until the servers and the id are in use). When the machine policy sets the link up, the
// fields are shown as IT set them and cannot be changed here (main refuses it too); the station signs in with its key.
import { type FormEvent, useId, useState } from 'react';
import { useMachinePolicy } from '../../queries/machine-policy.ts';
import { setRelayPassword, useEnrolment } from '../../queries/pharmacy.ts';
import { useSaveSettings, useWorkstationSettings } from '../../queries/workstation-settings.ts';
import { SetByIt } from '../../widgets/SetByIt.tsx';
import { SettingOutcome } from '../../widgets/SettingOutcome.tsx';
import { stationSettingsWords } from './station-words.ts';

const words = stationSettingsWords.relay;
type Field = 'eventsRelayServers' | 'eventsRelayStation' | 'eventsRelayName';
const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

function PasswordForm({ id }: { id: string }) {
  const [password, setPassword] = useState('');
  const [outcome, setOutcome] = useState<{ saved: boolean; failure: unknown }>({ saved: false, failure: null });
  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await setRelayPassword(password);
      setPassword('');
      setOutcome({ saved: true, failure: null });
    } catch (failure) {
      setOutcome({ saved: false, failure });
    }
  }
  return (
    <form className="settings-form" onSubmit={submit} noValidate>
      <div className="settings-line">
        <label className="field">
          <span>{words.password}</span>
          <input
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        <button type="submit" className="button" disabled={password === ''}>
          {words.savePassword}
        </button>
      </div>
      <SettingOutcome
        id={`${id}-password`}
        problem={null}
        saved={outcome.saved ? words.passwordSaved : null}
        failure={outcome.failure}
      />
    </form>
  );
}

/** The code IT reads off this screen for `relay -- enrol`, and whether the record holds this station's enrolment. */
function EnrolmentCode() {
  const enrolment = useEnrolment().data;
  if (!enrolment) return null;
  const standing =
    enrolment.enrolled === null ? words.ownRecord : enrolment.enrolled ? words.enrolled : words.notEnrolled;
  return (
    <div className="settings-form">
      <span className="muted">{words.enrolment}</span>
      <p>
        <code className="enrolment-code" data-testid="enrolment-code">
          {enrolment.code}
        </code>
      </p>
      <p className="muted">
        {words.fingerprint(enrolment.fingerprint, enrolment.name)}. {standing}
      </p>
      {enrolment.problem ? (
        <p role="alert" data-testid="enrolment-problem">
          {enrolment.problem}
        </p>
      ) : null}
    </div>
  );
}

export function RelaySetting() {
  const settings = useWorkstationSettings();
  const save = useSaveSettings();
  const id = useId();
  const [edits, setEdits] = useState<Partial<Record<Field, string>>>({});
  const [saved, setSaved] = useState(false);
  const policy = useMachinePolicy().data;
  const locked = policy?.eventsRelay === true;
  const value = (field: Field) => edits[field] ?? settings.data?.[field] ?? '';

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const patch = {
      eventsRelayServers: orNull(value('eventsRelayServers')),
      eventsRelayStation: orNull(value('eventsRelayStation')),
      eventsRelayName: orNull(value('eventsRelayName')),
    };
    save.mutate(patch, {
      onSuccess: () => {
        setEdits({});
        setSaved(true);
      },
    });
  }

  const field = (name: Field, label: string) => (
    <label className="field">
      <span>{label}</span>
      <input
        value={value(name)}
        readOnly={locked}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setEdits((now) => ({ ...now, [name]: event.target.value }))}
      />
    </label>
  );

  return (
    <section className="card settings-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="settings-heading">
        {words.title}
      </h2>
      <p className="muted">{words.about}</p>
      <form className="settings-form" onSubmit={submit} noValidate>
        {field('eventsRelayServers', words.servers)}
        <div className="settings-line">
          {field('eventsRelayStation', words.station)}
          {field('eventsRelayName', words.name)}
        </div>
        {locked ? (
          <SetByIt file={policy?.file ?? null} />
        ) : (
          <div className="settings-line">
            <button type="submit" className="button" disabled={save.isPending}>
              {words.save}
            </button>
          </div>
        )}
        <SettingOutcome
          id={id}
          problem={null}
          saved={saved ? words.saved : null}
          failure={save.isError ? save.error : null}
        />
      </form>
      {locked ? null : <PasswordForm id={id} />}
      <EnrolmentCode />
    </section>
  );
}
