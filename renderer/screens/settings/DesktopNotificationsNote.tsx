// Said once on the notification settings when the system refuses this station's desktop notifications (main logged
// it once too): what that means, and that the event feed still lists every event.
import { useDesktopNotifications } from '../../queries/app.ts';
import { settingsWords } from './wording.ts';

export function DesktopNotificationsNote() {
  const desktop = useDesktopNotifications();
  const failure = desktop.data?.failure;
  if (!failure) return null;
  return (
    <div className="notice notice-warn" role="status">
      <strong>{settingsWords.desktop.refused}</strong> ({failure}){settingsWords.desktop.explain}
    </div>
  );
}
