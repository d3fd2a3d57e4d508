// Notification settings (issue 7): this station's listener and signing key, the webhook subscriptions, samples,
// the signed-in person's email notifications, and the events there are.
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNotificationEvents, useStationWebhook } from '../../queries/notifications.ts';
import { useAppInfo, useMay } from '../../queries/session.ts';
import { StaleNote } from '../../widgets/StaleNote.tsx';
import { DesktopNotificationsNote } from './DesktopNotificationsNote.tsx';
import { DriftCard } from './DriftCard.tsx';
import { EmailCard } from './EmailCard.tsx';
import { EventsCard } from './EventsCard.tsx';
import { ListenerCard } from './ListenerCard.tsx';
import { SampleCard } from './SampleCard.tsx';
import { UpdatesCard } from './UpdatesCard.tsx';
import { WebhooksCard } from './WebhooksCard.tsx';
import { settingsWords } from './wording.ts';
import '../../forms/records.css';
import '../../setup/setup.css';
import './settings.css';

/** When the notification data on screen was last read, and whether a refresh failed since. */
function useFreshness(): { updatedAt: number; refreshFailed: boolean } {
  const queryClient = useQueryClient();
  // Re-render when any notifications read ends.
  useIsFetching({ queryKey: ['notifications'] });
  const queries = queryClient.getQueryCache().findAll({ queryKey: ['notifications'] });
  const updatedAt = Math.max(0, ...queries.map((query) => query.state.dataUpdatedAt));
  const refreshFailed = queries.some((query) => query.state.status === 'error' && query.state.data !== undefined);
  return { updatedAt, refreshFailed };
}

export function NotificationSettings() {
  const events = useNotificationEvents();
  const listener = useStationWebhook();
  const info = useAppInfo().data;
  const training = info?.training ?? false;
  const admin = useMay('see_diagnostics');
  const names = useMemo(
    () => new Map((events.data ?? []).map((event) => [event.event_code, event.name ?? event.event_code])),
    [events.data],
  );
  const listenerUrl = listener.data?.url ?? null;
  const freshness = useFreshness();

  return (
    <main className="screen records settings-screen" aria-labelledby="settings-title">
      <header className="records-head">
        <div>
          <h1 id="settings-title">{settingsWords.group}</h1>
          <p className="muted">{settingsWords.intro}</p>
        </div>
      </header>
      <StaleNote updatedAt={freshness.updatedAt} refreshFailed={freshness.refreshFailed} />
      <DesktopNotificationsNote />
      <div className="settings-grid">
        <div className="settings-column">
          <ListenerCard />
          <SampleCard listenerUrl={listenerUrl} names={names} training={training} />
          {admin ? <UpdatesCard /> : null}
        </div>
        <div className="settings-column">
          <WebhooksCard listenerUrl={listenerUrl} names={names} />
          <EmailCard names={names} />
          <EventsCard />
        </div>
        {admin ? <DriftCard /> : null}
      </div>
    </main>
  );
}
