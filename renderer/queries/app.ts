// What main says about this computer: whether the system shows the station's desktop notifications, the version and
// its updates, and handing a web address to the system browser.
import { useQuery } from '@tanstack/react-query';
import { station, unwrap } from './station.ts';

export function useDesktopNotifications() {
  return useQuery({
    queryKey: ['app', 'desktopNotifications'],
    queryFn: () => unwrap(station().app.desktopNotifications()),
  });
}

/** The updates' state, read again every minute while shown. */
export function useUpdateState() {
  return useQuery({
    queryKey: ['app', 'updates'],
    queryFn: () => unwrap(station().updates.state()),
    refetchInterval: 60_000,
  });
}

/** Asks main to open `url` in the system browser; answers the call's result as main sent it. */
export function openExternal(url: string) {
  return station().shell.openExternal({ url });
}
