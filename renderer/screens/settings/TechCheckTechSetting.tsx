// Tech-check-tech, the state's rule (an admin's setting, off by default): allowed, a technician's verification is the
// final check; not allowed, a pharmacist's final check comes before each prescription label. Anyone signed in sees it;
// only an admin changes it (rules/settings-access.ts; main refuses anyone else the same way).
import { type FormEvent, useId, useState } from 'react';
import { settingAccess } from '../../../rules/settings-access.ts';
import { useSession } from '../../queries/session.ts';
import { useSaveSettings, useWorkstationSettings } from '../../queries/workstation-settings.ts';
import { SettingOutcome } from '../../widgets/SettingOutcome.tsx';
import { stationSettingsWords } from './station-words.ts';

const words = stationSettingsWords.techCheck;

export function TechCheckTechSetting() {
  const settings = useWorkstationSettings();
  const session = useSession().data;
  const mayChange = session ? settingAccess(session, 'techCheckTechAllowed') === 'change' : false;
  const save = useSaveSettings();
  const id = useId();
  const [choice, setChoice] = useState<boolean | null>(null);
  const [saved, setSaved] = useState<boolean | null>(null);
  const current = settings.data?.techCheckTechAllowed;
  const allowed = choice ?? current ?? false;

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(null);
    save.mutate(
      { techCheckTechAllowed: allowed },
      {
        onSuccess: () => {
          setChoice(null);
          setSaved(allowed);
        },
      },
    );
  }

  return (
    <form className="settings-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="settings-heading">
        {words.title}
      </h2>
      <p className="muted">{words.about}</p>
      {current === undefined ? null : <p id={`${id}-now`}>{current ? words.nowAllowed : words.nowNotAllowed}</p>}
      {mayChange ? (
        <div className="settings-line">
          <label className="event-choice">
            <input
              type="checkbox"
              checked={allowed}
              onChange={(event) => setChoice(event.target.checked)}
              aria-describedby={`${id}-now`}
            />
            <span>{words.label}</span>
          </label>
          <button type="submit" className="button" disabled={save.isPending || choice === null || choice === current}>
            {words.save}
          </button>
        </div>
      ) : (
        <p className="muted">{words.adminOnly}</p>
      )}
      <SettingOutcome
        id={id}
        problem={null}
        saved={saved === null ? null : saved ? words.savedAllowed : words.savedNotAllowed}
        failure={save.isError ? save.error : null}
      />
    </form>
  );
}
