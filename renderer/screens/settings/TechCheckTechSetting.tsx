// Tech-check-tech, a pharmacy-wide rule: allowed, a technician's verification is the final check; not allowed (the
// default), a pharmacist's final check comes before each prescription label. Anyone signed in sees it and who changed it
// last; an admin changes it for every station of the pharmacy (main decides from the confirmed role, and keeps the
// change in the pharmacy's record and the audit chain); the IT policy may lock it, and then nothing at a station can.
import { useId } from 'react';
import { useMachinePolicy } from '../../queries/machine-policy.ts';
import { useChangePharmacySettings, usePharmacySettings } from '../../queries/pharmacy-settings.ts';
import { useMay } from '../../queries/session.ts';
import { SetByIt } from '../../widgets/SetByIt.tsx';
import { SettingOutcome } from '../../widgets/SettingOutcome.tsx';
import { stationSettingsWords } from './station-words.ts';

const words = stationSettingsWords.techCheck;

export function TechCheckTechSetting() {
  const setting = usePharmacySettings().data?.find((one) => one.name === 'techCheckTechAllowed');
  const admin = useMay('change_pharmacy_settings');
  const change = useChangePharmacySettings();
  const id = useId();
  const current = setting?.value === true;
  const locked = setting?.source === 'policy';
  const policyFile = useMachinePolicy().data?.file ?? null;
  return (
    <div className="settings-form">
      <h2 id={`${id}-title`} className="settings-heading">
        {words.title}
      </h2>
      <p className="muted">{words.about}</p>
      {setting === undefined ? null : <p id={`${id}-now`}>{current ? words.nowAllowed : words.nowNotAllowed}</p>}
      {setting?.changed && !locked ? (
        <p className="muted">{words.changed(setting.changed.by, setting.changed.station, setting.changed.at)}</p>
      ) : null}
      {locked ? (
        <>
          <SetByIt file={policyFile} />
          <p className="muted">{words.setByIt}</p>
        </>
      ) : admin && setting ? (
        <label className="event-choice">
          <input
            type="checkbox"
            checked={current}
            disabled={change.isPending}
            onChange={(event) => change.mutate({ techCheckTechAllowed: event.target.checked })}
          />
          <span>{words.allow}</span>
        </label>
      ) : (
        <p className="muted">{words.adminsChange}</p>
      )}
      <SettingOutcome id={id} problem={null} saved={null} failure={change.error} />
    </div>
  );
}
