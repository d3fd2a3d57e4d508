// Tech-check-tech, a pharmacy-wide rule: allowed, a technician's verification is the final check; not allowed (the
// default), a pharmacist's final check comes before each prescription label. Anyone signed in sees it; only the
// pharmacy's IT sets it, in the machine policy (main/platform/policy/pharmacy-rules.ts): nothing at the station can.
import { useId } from 'react';
import { useMachinePolicy } from '../../queries/machine-policy.ts';
import { stationSettingsWords } from './station-words.ts';

const words = stationSettingsWords.techCheck;

export function TechCheckTechSetting() {
  const policy = useMachinePolicy();
  const id = useId();
  const current = policy.data?.techCheckTechAllowed;
  return (
    <div className="settings-form">
      <h2 id={`${id}-title`} className="settings-heading">
        {words.title}
      </h2>
      <p className="muted">{words.about}</p>
      {current === undefined ? null : <p id={`${id}-now`}>{current ? words.nowAllowed : words.nowNotAllowed}</p>}
      <p className="muted">{words.setByIt}</p>
    </div>
  );
}
