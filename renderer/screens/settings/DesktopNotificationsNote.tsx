// Said once on the notification settings when the system refuses this station's desktop notifications (main logged
// it once too): what that means, and that the event feed still lists every event.
import { useDesktopNotifications } from '../../queries/app.ts';

export function DesktopNotificationsNote() {
  const desktop = useDesktopNotifications();
  const failure = desktop.data?.failure;
  if (!failure) return null;
  return (
    <div className="notice notice-warn" role="status">
      <strong>This computer does not show the station’s desktop notifications</strong> ({failure}). On macOS an app
      without a Developer ID signature cannot show them. The event feed (Alt+3) still lists every event.
    </div>
  );
}
