// The events the service can notify about, as it names and describes them.
import { useNotificationEvents } from '../../queries/notifications.ts';
import { messageOf } from '../../queries/station.ts';
import { settingsWords } from './wording.ts';

export function EventsCard() {
  const events = useNotificationEvents();
  return (
    <section className="card settings-card" aria-labelledby="settings-events-title">
      <h2 id="settings-events-title">{settingsWords.events.title}</h2>
      {events.isPending ? <p className="muted">{settingsWords.events.reading}</p> : null}
      {events.isError && !events.data ? (
        <p className="notice notice-bad" role="alert">
          {messageOf(events.error)}
        </p>
      ) : null}
      {events.data ? (
        <dl className="event-list">
          {events.data.map((event) => (
            <div key={event.event_code} className="event-item">
              <dt>
                {event.name ?? event.event_code} <code>{event.event_code}</code>
              </dt>
              <dd>{event.description ?? settingsWords.events.noDescription}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}
