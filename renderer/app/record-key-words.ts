// The words every screen says when the station's signing key for the pharmacy record lives in memory for this run
// only (main's app:info): the facts this station signs are told from other stations' by that key, which a restart
// replaces. Nothing is said while the OS keychain keeps it.
import type { AppInfo } from '../queries/session.ts';

export function recordKeyWords(recordKey: AppInfo['recordKey'] | undefined): string | null {
  if (recordKey?.kept !== 'memory') return null;
  return (
    "This station's signing key for the pharmacy record is kept in memory for this run only (the OS keychain could not " +
    'keep it): after a restart the station signs its records with a new key. Tell IT.'
  );
}
