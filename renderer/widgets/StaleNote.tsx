// Marks data read earlier that could not be refreshed (the service is unreachable): readable, but maybe out of date.

import { clockTime } from '../format/when.ts';
import { useOffline } from '../queries/connectivity.ts';

/** Shows when offline, or when the last refresh failed while older data is on screen. `updatedAt`: ms since epoch. */
export function StaleNote({ updatedAt, refreshFailed = false }: { updatedAt: number; refreshFailed?: boolean }) {
  const offline = useOffline();
  if (!offline && !refreshFailed) return null;
  const when = updatedAt ? clockTime(updatedAt) : 'an earlier time';
  return (
    <p className="notice notice-warn stale-note" role="status">
      As of {when}, offline: this is what the station read then. It may be out of date until the service answers again.
    </p>
  );
}
