// What became of a setting the person saved, under its form: the problem with the typed value (beside the field it
// describes, by id), the saved confirmation, or why the station refused it.
import { messageOf } from '../queries/station.ts';

export function SettingOutcome(props: { id: string; problem: string | null; saved: string | null; failure: unknown }) {
  const { id, problem, saved, failure } = props;
  return (
    <>
      {problem ? (
        <span className="field-error" id={`${id}-error`}>
          {problem}
        </span>
      ) : null}
      {saved && !problem ? (
        <p className="settings-saved" role="status">
          {saved}
        </p>
      ) : null}
      {failure ? (
        <div className="notice notice-bad" role="alert">
          {messageOf(failure)}
        </div>
      ) : null}
    </>
  );
}
