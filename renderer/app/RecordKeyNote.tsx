// What every screen says when the station's signing key for the pharmacy record is kept in memory for this run only
// (main's app:info: the OS keychain could not keep it). Nothing is said when the keychain keeps it.
import { useAppInfo } from '../queries/session.ts';
import { recordKeyWords } from './record-key-words.ts';

export function RecordKeyNote() {
  const words = recordKeyWords(useAppInfo().data?.recordKey);
  if (!words) return null;
  return (
    <p className="notice notice-warn record-key-note" role="status">
      {words}
    </p>
  );
}
