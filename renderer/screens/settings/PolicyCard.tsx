// The machine policy's own section: where IT's policy was read from, and the fields this station does not know (a
// policy written for a newer station), named so IT sees they were ignored. Nothing shows without a policy.
import { useMachinePolicy } from '../../queries/machine-policy.ts';
import { stationSettingsWords as words } from './station-words.ts';

export function PolicyCard() {
  const policy = useMachinePolicy().data;
  if (!policy?.file) return null;
  return (
    <section className="card settings-card" aria-label={words.policy.title}>
      <h2>{words.policy.title}</h2>
      <p className="muted">{words.policy.readFrom(policy.file)}</p>
      {policy.kioskMode ? <p>{words.policy.kiosk}</p> : null}
      {policy.ignoredFields.length > 0 ? (
        <div className="notice notice-info" role="note">
          <p>{words.policy.ignored}</p>
          <ul>
            {policy.ignoredFields.map((field) => (
              <li key={field}>
                <code>{field}</code>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
